//! Prints the random model of a seed (`relgen SEED`), as the differential
//! run generates it: for reproducing a reported seed with `relcheck`.

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    print!("{}", slamrs_relational::gen::random_model(seed));
}
