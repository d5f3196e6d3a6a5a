//! Byte-addressed memory objects made of cells.
//!
//! Every byte of an object is covered by exactly one [`Cell`]. A cell is a typed scalar
//! (an integer, pointer or function value written by a scalar store), raw integer bytes,
//! a run of one repeated byte (zeroed static storage, `memset`), a run of uninitialized
//! bytes, or opaque bytes (what is left of a pointer value partially overwritten).
//! Writing a range splits the cells it cuts; reading a range returns the pieces covering it.

use super::value::{ObjRef, Value};
use crate::cir::Ty;
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeMap;

/// What a cell holds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Content {
    /// A scalar written with type `ty`; the cell is `sizeof(ty)` bytes.
    Scalar { value: Value, ty: Ty },
    /// Raw little-endian bytes of an integer (at most 16 bytes).
    Bits(u128),
    /// Every byte is this byte.
    Fill(u8),
    /// Uninitialized bytes.
    Uninit,
    /// Bytes of a pointer or function value that cannot be read on their own.
    Opaque,
}

impl Content {
    /// Byte `idx` of a cell with this content, if it is an integer byte.
    pub(crate) fn byte(&self, idx: u64) -> Option<u8> {
        let shift = |bits: u128| {
            if idx >= 16 {
                0
            } else {
                (bits >> (8 * idx)) as u8
            }
        };
        match self {
            Content::Scalar {
                value: Value::Int(v),
                ..
            } => Some(shift(*v as u128)),
            Content::Bits(b) => Some(shift(*b)),
            Content::Fill(b) => Some(*b),
            _ => None,
        }
    }

    /// The content of the bytes `[start, start + len)` of a cell holding `self`.
    fn part(&self, start: u64, len: u64) -> Content {
        match self {
            Content::Fill(_) | Content::Uninit | Content::Opaque => self.clone(),
            Content::Scalar {
                value: Value::Int(v),
                ..
            } => Content::Bits(slice_bits(*v as u128, start, len)),
            Content::Bits(b) => Content::Bits(slice_bits(*b, start, len)),
            Content::Scalar { .. } => Content::Opaque,
        }
    }
}

/// Bytes `[start, start + len)` of a little-endian value, moved down to byte 0.
pub(crate) fn slice_bits(bits: u128, start: u64, len: u64) -> u128 {
    let shifted = if start >= 16 { 0 } else { bits >> (8 * start) };
    if len >= 16 {
        shifted
    } else {
        shifted & ((1u128 << (8 * len)) - 1)
    }
}

/// A run of bytes with one content.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Cell {
    pub(crate) len: u64,
    pub(crate) content: Content,
}

/// A piece of a range read from an object: its offset relative to the start of the range.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Piece {
    pub(crate) rel: u64,
    pub(crate) len: u64,
    pub(crate) content: Content,
}

/// A concrete memory object.
#[derive(Clone, Debug)]
pub(crate) struct Object {
    pub(crate) size: u64,
    /// Writes are undefined (string literals).
    pub(crate) readonly: bool,
    cells: BTreeMap<u64, Cell>,
}

impl Object {
    /// An object of `size` bytes, all with content `init` (`Fill(0)` or `Uninit`).
    pub(crate) fn new(size: u64, init: Content) -> Self {
        let mut cells = BTreeMap::new();
        if size > 0 {
            cells.insert(
                0,
                Cell {
                    len: size,
                    content: init,
                },
            );
        }
        Object {
            size,
            readonly: false,
            cells,
        }
    }

    /// A read-only object holding `bytes`.
    pub(crate) fn from_bytes(bytes: &[u8], readonly: bool) -> Self {
        let mut cells = BTreeMap::new();
        for (i, b) in bytes.iter().enumerate() {
            cells.insert(
                i as u64,
                Cell {
                    len: 1,
                    content: Content::Fill(*b),
                },
            );
        }
        Object {
            size: bytes.len() as u64,
            readonly,
            cells,
        }
    }

    /// Make `p` a cell boundary (no cell straddles it).
    fn split_at(&mut self, p: u64) {
        if p == 0 || p >= self.size {
            return;
        }
        let Some((&start, cell)) = self.cells.range(..p).next_back() else {
            return;
        };
        if start + cell.len <= p {
            return;
        }
        let cell = cell.clone();
        let left = p - start;
        self.cells.insert(
            start,
            Cell {
                len: left,
                content: cell.content.part(0, left),
            },
        );
        self.cells.insert(
            p,
            Cell {
                len: cell.len - left,
                content: cell.content.part(left, cell.len - left),
            },
        );
    }

    /// Overwrite `[off, off + len)` (inside the object) with one cell of `content`.
    /// Extends the object to `size` bytes (uninitialized) if it is smaller.
    pub(crate) fn grow_to(&mut self, size: u64) {
        if size > self.size {
            let at = self.size;
            self.cells.insert(
                at,
                Cell {
                    len: size - at,
                    content: Content::Uninit,
                },
            );
            self.size = size;
        }
    }

    pub(crate) fn write(&mut self, off: u64, len: u64, content: Content) {
        if len == 0 || off.checked_add(len).is_none_or(|end| end > self.size) {
            return;
        }
        if let Some(cell) = self.cells.get_mut(&off).filter(|c| c.len == len) {
            cell.content = content;
            return;
        }
        self.split_at(off);
        self.split_at(off + len);
        let inside: Vec<u64> = self.cells.range(off..off + len).map(|(&k, _)| k).collect();
        for k in inside {
            self.cells.remove(&k);
        }
        self.cells.insert(off, Cell { len, content });
    }

    /// The pieces covering `[off, off + len)` (inside the object), in order, cut to the range.
    pub(crate) fn pieces(&self, off: u64, len: u64) -> Vec<Piece> {
        let end = off.saturating_add(len).min(self.size);
        let mut out = Vec::new();
        let first = self
            .cells
            .range(..=off)
            .next_back()
            .map(|(&k, _)| k)
            .unwrap_or(off);
        for (&start, cell) in self.cells.range(first..end) {
            let cell_end = start + cell.len;
            if cell_end <= off {
                continue;
            }
            let from = start.max(off);
            let to = cell_end.min(end);
            let content = if from == start && to == cell_end {
                cell.content.clone()
            } else {
                cell.content.part(from - start, to - from)
            };
            out.push(Piece {
                rel: from - off,
                len: to - from,
                content,
            });
        }
        out
    }

    /// The cell starting exactly at `off`, if any.
    pub(crate) fn cell_at(&self, off: u64) -> Option<&Cell> {
        self.cells.get(&off)
    }

    /// The content of the byte at `off`.
    pub(crate) fn byte_content(&self, off: u64) -> Option<(u64, &Content)> {
        let (&start, cell) = self.cells.range(..=off).next_back()?;
        (start + cell.len > off).then_some((off - start, &cell.content))
    }

    /// Number of cells (for tests).
    #[cfg(test)]
    pub(crate) fn cell_count(&self) -> usize {
        self.cells.len()
    }
}

/// All live objects.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memory {
    objects: HashMap<ObjRef, Object>,
}

impl Memory {
    pub(crate) fn get(&self, r: ObjRef) -> Option<&Object> {
        self.objects.get(&r)
    }

    pub(crate) fn get_mut(&mut self, r: ObjRef) -> Option<&mut Object> {
        self.objects.get_mut(&r)
    }

    pub(crate) fn contains(&self, r: ObjRef) -> bool {
        self.objects.contains_key(&r)
    }

    pub(crate) fn insert(&mut self, r: ObjRef, obj: Object) {
        self.objects.insert(r, obj);
    }

    pub(crate) fn remove(&mut self, r: ObjRef) {
        self.objects.remove(&r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_split_fill_cells_and_pieces_cut_to_the_range() {
        let mut o = Object::new(16, Content::Fill(0));
        o.write(4, 4, Content::Bits(0x0403_0201));
        assert_eq!(o.cell_count(), 3);
        let ps = o.pieces(2, 4);
        assert_eq!(ps.len(), 2);
        assert_eq!(
            ps[0],
            Piece {
                rel: 0,
                len: 2,
                content: Content::Fill(0)
            }
        );
        assert_eq!(
            ps[1],
            Piece {
                rel: 2,
                len: 2,
                content: Content::Bits(0x0201)
            }
        );
        // Overwrite the middle of the integer: its other bytes survive as raw bytes.
        o.write(5, 2, Content::Fill(0xff));
        let bytes: Vec<u8> = (4..8)
            .map(|i| {
                let (idx, c) = o.byte_content(i).unwrap();
                c.byte(idx).unwrap()
            })
            .collect();
        assert_eq!(bytes, vec![0x01, 0xff, 0xff, 0x04]);
    }

    #[test]
    fn out_of_range_writes_are_ignored() {
        let mut o = Object::new(4, Content::Uninit);
        o.write(2, 4, Content::Fill(1));
        o.write(u64::MAX, 2, Content::Fill(1));
        assert_eq!(
            o.pieces(0, 4),
            vec![Piece {
                rel: 0,
                len: 4,
                content: Content::Uninit
            }]
        );
    }
}
