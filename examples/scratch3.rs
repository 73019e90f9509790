use gamebot::qttt::{Engine, Game};
fn main() {
    let e = Engine::new();
    let mut g = Game::new();
    while let Some(t) = e.choose(g.position()) {
        g.play_token(t).unwrap();
        println!("{}  -> {:?}", g.record(), e.score(g.position()).to_string());
    }
    println!("{}", gamebot::qttt::show::show(g.position()));
}
