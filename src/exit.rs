//! Exit statuses shared by all subcommands (see ARCHITECTURE.md).

/// The property holds / the target is unreachable.
pub const SAFE: u8 = 0;
/// Bad input or usage.
pub const BAD_INPUT: u8 = 2;
/// A violation / the target is reachable.
pub const VIOLATION: u8 = 10;
/// Unknown: a resource limit or an internal error; the reason is printed.
pub const UNKNOWN: u8 = 20;
