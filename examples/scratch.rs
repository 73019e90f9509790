use gamebot::qttt::{Engine, Game, Position};
use std::time::Instant;
fn main() {
    let t = Instant::now();
    let engine = Engine::new();
    println!("alloc {:?}", t.elapsed());
    let t = Instant::now();
    println!(
        "value {} in {:?}",
        engine.score(&Position::new()),
        t.elapsed()
    );
    let t = Instant::now();
    let c = engine.choose(&Position::new());
    println!("choose {:?} in {:?}", c.map(|t| t.to_string()), t.elapsed());
    let t = Instant::now();
    let a = engine.analyze(&Position::new());
    println!("analyze in {:?}", t.elapsed());
    for (tok, s) in a {
        if s.to_string() != "0 0" {
            println!("{tok} {s}");
        }
    }
    let e2 = Engine::new();
    let t = Instant::now();
    let a = e2.analyze(&Position::new());
    println!("cold analyze in {:?} {}", t.elapsed(), a.len());
    let g = Game::from_record(&["AB", "CE"]).unwrap();
    let e3 = Engine::new();
    let t = Instant::now();
    println!(
        "after 2 {:?} {:?}",
        e3.choose(g.position()).map(|t| t.to_string()),
        t.elapsed()
    );
}
