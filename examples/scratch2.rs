use gamebot::qttt::{apply, legal_tokens, Engine, Game, Player, Position};
fn plain(p: &Position) -> i8 {
    if let Some(s) = p.outcome() {
        return s.margin();
    }
    let vals = legal_tokens(p)
        .into_iter()
        .map(|t| plain(&apply(p, t).unwrap()));
    if p.actor() == Some(Player::X) {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    }
}
fn main() {
    let e = Engine::new();
    for rec in [
        vec!["AB", "CD", "EF", "GH", "AC", "BD"],
        vec!["AI", "BC", "DE", "FG", "AH", "BI"],
        vec!["AE", "BF", "CG", "DH", "AB", "CE"],
        vec!["AB", "BC", "CA", "1", "DE", "FG"],
    ] {
        let g = Game::from_record(&rec).unwrap();
        let t = std::time::Instant::now();
        let pv = plain(g.position());
        let d = t.elapsed();
        println!(
            "{:?} plain {} engine {} ({:?})",
            rec,
            pv,
            e.score(g.position()).margin(),
            d
        );
    }
}
