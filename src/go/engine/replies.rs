//! Last good reply with forgetting (LGRF-1): the playouts remember, for each move and
//! the colour answering it, the answer that last won a playout, and forget it when it
//! loses. A cheap way for one search's playouts to learn the local answers its tree
//! keeps meeting. The moves the tree chose before the playout count too, so the replies
//! the tree finds are learned as well as the playout's own.

use super::playout_board::PlayoutBoard;
use crate::go::Colour;

/// The replies of one search thread, and the moves of the current playout.
#[derive(Debug, Default)]
pub struct Replies {
    /// For (colour answering, grid index of the move answered): the grid index of the
    /// reply, 0 for none. Two halves, Black's then White's.
    table: Vec<u32>,
    /// The current playout's moves as grid indices (0 for a pass), the move before the
    /// playout first.
    moves: Vec<u32>,
    /// Who played `moves[1]`.
    first: Option<Colour>,
    /// Whether `moves` holds the tree's moves of this simulation, which the playout's
    /// [`Replies::start`] then goes on from instead of starting afresh.
    in_tree: bool,
}

impl Replies {
    /// No replies known.
    pub fn new() -> Replies {
        Replies::default()
    }

    /// Starts recording a simulation at the root of the tree, `board`: the tree's moves
    /// are [`Replies::record`]ed, and the playout after them goes on with the same
    /// recording.
    pub fn start_at_root(&mut self, board: &PlayoutBoard) {
        self.in_tree = false;
        self.start(board);
        self.in_tree = true;
    }

    /// Starts recording a playout from `board`, or, after [`Replies::start_at_root`],
    /// goes on with the recording of the tree's moves that led to `board`.
    pub fn start(&mut self, board: &PlayoutBoard) {
        if std::mem::take(&mut self.in_tree) {
            return;
        }
        let cells = board.grid_len();
        if self.table.len() != 2 * cells {
            self.table = vec![0; 2 * cells];
        }
        self.moves.clear();
        self.moves.push(board.last_grid() as u32);
        self.first = Some(board.to_move());
    }

    /// Records the next move of the tree or the playout (grid index, 0 for a pass).
    pub fn record(&mut self, grid: usize) {
        self.moves.push(grid as u32);
    }

    /// The remembered reply of `colour` to the move at grid index `last`, if any.
    pub fn reply(&self, colour: Colour, last: usize) -> Option<usize> {
        let reply = *self.table.get(self.slot(colour, last))?;
        (reply != 0).then_some(reply as usize)
    }

    /// Learns from the recorded playout, won by `winner`: the winner's replies are
    /// remembered, the loser's forgotten.
    pub fn learn(&mut self, winner: Option<Colour>) {
        let Some(mut mover) = self.first else { return };
        for pair in 1..self.moves.len() {
            let (last, reply) = (self.moves[pair - 1], self.moves[pair]);
            if last != 0 && reply != 0 {
                let slot = self.slot(mover, last as usize);
                if winner == Some(mover) {
                    self.table[slot] = reply;
                } else if self.table[slot] == reply {
                    self.table[slot] = 0;
                }
            }
            mover = mover.opponent();
        }
    }

    fn slot(&self, colour: Colour, last: usize) -> usize {
        colour.index() * (self.table.len() / 2) + last
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Board;

    /// The empty 5x5 board, Black to move.
    fn empty_board() -> PlayoutBoard {
        PlayoutBoard::from_board_to_move(&Board::new(5), Colour::Black)
    }

    /// Records `moves` (grid indices) one after another.
    fn record_all(replies: &mut Replies, moves: &[usize]) {
        for &grid in moves {
            replies.record(grid);
        }
    }

    #[test]
    fn winners_replies_are_kept_and_losers_forgotten() {
        let _bound = crate::test_bound::bound();
        let board = empty_board();
        let mut replies = Replies::new();
        replies.start(&board);
        // Black 10, White 11, Black 12: Black's 12 answered White's 11.
        record_all(&mut replies, &[10, 11, 12]);
        replies.learn(Some(Colour::Black));
        assert_eq!(replies.reply(Colour::Black, 11), Some(12));
        assert_eq!(replies.reply(Colour::White, 10), None);
        // The same moves lost by Black: its reply is forgotten, White's kept.
        replies.start(&board);
        record_all(&mut replies, &[10, 11, 12]);
        replies.learn(Some(Colour::White));
        assert_eq!(replies.reply(Colour::Black, 11), None);
        assert_eq!(replies.reply(Colour::White, 10), Some(11));
    }

    #[test]
    fn the_trees_moves_are_learned_with_the_playouts() {
        let _bound = crate::test_bound::bound();
        let root = empty_board();
        let mut replies = Replies::new();
        replies.start_at_root(&root);
        // The tree plays Black 10 and White 11, then the playout Black 12.
        record_all(&mut replies, &[10, 11]);
        // (The board the playout starts from: only its last move and side to move
        // matter, and the tree's recording already holds those.)
        replies.start(&root);
        replies.record(12);
        replies.learn(Some(Colour::White));
        assert_eq!(replies.reply(Colour::White, 10), Some(11));
        assert_eq!(replies.reply(Colour::Black, 11), None);
        // A later playout alone starts afresh from the root's last move (none): Black's
        // 10 is the first move, answering nothing, so nothing is learned.
        replies.start(&root);
        replies.record(10);
        replies.learn(Some(Colour::Black));
        assert_eq!(replies.reply(Colour::White, 10), Some(11));
        assert_eq!(replies.reply(Colour::Black, 11), None);
    }
}
