//! How the Go engine thinks, as the server's command line sets it.

use super::playout::PlayoutStyle;
use std::time::Duration;

/// The engine's settings for every session of a server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EngineOptions {
    /// How long a `genmove` thinks when no clock says otherwise (`--go-move-time`).
    pub move_time: Duration,
    /// When set, a `genmove` runs exactly this many simulations instead of thinking for
    /// `move_time` (`--go-playouts`): with a fixed seed, moves are then reproducible.
    pub playouts: Option<u64>,
    /// The seed of the engine's random choices (`--seed`); each search derives its own
    /// from it and the position.
    pub seed: u64,
    /// The most nodes one search's tree may hold; 56 bytes each.
    pub max_nodes: usize,
    /// Threads of the search pool every session shares (`--search-threads`), and the
    /// most that search one tree at once; a search of a fixed number of simulations
    /// uses one, to stay reproducible.
    pub threads: usize,
    /// Resign when the best move's win rate is below this (`--go-resign-below`); 0
    /// never resigns. See [`SearchResult::resigns`](super::search::SearchResult::resigns).
    pub resign_below: f32,
    /// After each move it plays, go on searching on the opponent's time until the
    /// session's next Go command (`--go-ponder`).
    pub ponder: bool,
    /// The playout policy (`--go-playout-style`).
    pub playout_style: PlayoutStyle,
}

impl EngineOptions {
    /// The node cap where one client has the engine to itself (`gamebot stdio`,
    /// `gamebot analysis`): 448 MB at most, so that long thinking times and analyses
    /// grow their trees for half a minute or more before they fill, where a server's
    /// many sessions keep to [`EngineOptions::default`]'s 2,000,000.
    pub const ONE_CLIENT_MAX_NODES: usize = 8_000_000;
}

impl Default for EngineOptions {
    /// One second a move, seed 0, trees of at most 2,000,000 nodes (112 MB), one
    /// thread, resigning below a 5% win rate, no pondering, the standard playouts.
    fn default() -> EngineOptions {
        EngineOptions {
            move_time: Duration::from_secs(1),
            playouts: None,
            seed: 0,
            max_nodes: 2_000_000,
            threads: 1,
            resign_below: 0.05,
            ponder: false,
            playout_style: PlayoutStyle::Standard,
        }
    }
}
