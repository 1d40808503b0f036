use engine::{Position, Rules};
fn main() {
    let d: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let pos = Position::startpos(Rules::default());
    let t = std::time::Instant::now();
    let n = perft::perft(&pos, d);
    let s = t.elapsed().as_secs_f64();
    println!("{n} {s:.3}s {:.1} Mnps", n as f64 / s / 1e6);
}
