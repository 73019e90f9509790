//! Monte-Carlo tree search with RAVE: from a position and a budget to the best move and
//! what the search learned about each candidate. No threads, clocks or sockets are chosen
//! here: the caller gives a deadline, a playout count and a stop flag.

use super::amaf::FirstPlays;
use super::avoid::Avoid;
use super::ladder::LadderReader;
use super::playout::{playout, PlayoutStyle, Policy};
use super::playout_board::PlayoutBoard;
use super::policy_net::PolicyNet;
use super::pool::{SearchPool, Slice, Sliced};
use super::priors::priors;
use super::stopping::{verdict, Child, Pace, Verdict};
use super::tree::{Claim, Node, Tree};
use super::value;
use super::value_net::ValueNet;
use crate::go::board::Board;
use crate::go::rng::Rng;
use crate::go::score::Outcome;
use crate::go::{Colour, Points};
use result::{candidate, result};
pub use result::{Candidate, Dynamic, Score, SearchResult};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod result;

/// A node is expanded once it has had this many real simulations (the root at once).
const EXPAND_AT: f32 = 8.0;

/// Visits at which a node's own statistics weigh as much as its AMAF statistics.
const RAVE_EQUIVALENCE: f32 = 3500.0;
/// The most AMAF simulations a new node's child takes from the same move two moves up
/// (see [`Tree::inherit_amaf`]).
const INHERITED_AMAF: f32 = 20.0;

/// How long a search may go on.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget<'a> {
    /// Stop after this many simulations.
    pub playouts: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Time limits that follow the search's choice: it stops at the soft one when its
    /// choice is clear, goes on toward the hard one (a deadline) when it is not, and
    /// stops before either once the runner-up cannot catch up (see [`verdict`]).
    pub target: Option<Target>,
    /// Stop as soon as this is set.
    pub stop: Option<&'a AtomicBool>,
}

impl Budget<'_> {
    /// Whether a search that has run `done` simulations must stop. The clock is read
    /// before every simulation: that costs tens of nanoseconds against tens of
    /// microseconds for a simulation on 9x9, and on 255x255, where one simulation takes
    /// tens of milliseconds, reading it less often would overrun the deadline.
    pub fn exhausted(&self, done: u64) -> bool {
        let now = Instant::now();
        self.playouts.is_some_and(|limit| done >= limit)
            || self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|end| now >= end)
            || self.target.is_some_and(|target| now >= target.hard)
    }
}

/// The two time limits of a [`Budget::target`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// Where a clear choice stops.
    pub soft: Instant,
    /// Where any search stops.
    pub hard: Instant,
}

/// The rules of the game being searched, as far as the search needs them.
#[derive(Debug, Clone)]
pub struct Settings {
    /// White's compensation.
    pub komi: Points,
    /// The seed of the playouts' random choices: the same seed, position and playout
    /// count give the same result.
    pub seed: u64,
    /// The most nodes the tree may hold (56 bytes each): the search ends when a leaf
    /// due for expansion finds no room for its children (see [`SearchResult::full`]).
    pub max_nodes: usize,
    /// Whether to estimate who owns each point at the end (costs a pass over the board
    /// per simulation).
    pub ownership: bool,
    /// How many threads search the tree together (1: deterministic).
    pub threads: usize,
    /// Dynamic komi: whole points added to `komi` (in White's favour when positive) for
    /// scoring the simulations the tree learns from. The win rates reported, and the
    /// resignation that follows them, still count against `komi` (see
    /// [`SearchResult::dynamic`]).
    pub dynamic_komi: i64,
    /// Moves the tree leaves out near its root (KataGo's `avoid` and `allow`); below
    /// the tree, the playouts play any move.
    pub avoid: Option<Arc<Avoid>>,
    /// The playout policy.
    pub playout_style: PlayoutStyle,
}

/// Searches `colour`'s move on `board` within `budget`, on a pool of its own with
/// `settings.threads` threads sharing one tree (see [`search_with`] for a shared pool).
///
/// The move chosen is checked against the rules board (positional superko included):
/// the best move is the surest of the well-visited moves the rules allow (see
/// [`SearchResult::best`]); below the root the playout
/// board's simple ko stands in for superko. With one thread the search is deterministic: the same seed,
/// position and simulation count give the same result.
pub fn search(
    board: &Board,
    colour: Colour,
    settings: &Settings,
    budget: &Budget<'_>,
) -> SearchResult {
    let pool = SearchPool::new(settings.threads);
    search_with(&pool, None, board, colour, settings, budget).0
}

/// [`search`] on the threads of `pool`, shared with other searches, at most
/// `settings.threads` of them at once on this one; continuing from `tree` when given: a
/// tree an earlier search grew for this very position (see [`Tree::subtree`]), whose
/// statistics then count from the start. Returns the tree too, for the next move.
pub fn search_with(
    pool: &SearchPool,
    tree: Option<Tree>,
    board: &Board,
    colour: Colour,
    settings: &Settings,
    budget: &Budget<'_>,
) -> (SearchResult, Tree) {
    let root = PlayoutBoard::from_board_to_move(board, colour);
    let points = board.size() * board.size();
    let mut tree = tree.unwrap_or_else(|| Tree::new(settings.max_nodes));
    let mut ladders = LadderReader::new();
    let komi = settings.komi.plus_whole(settings.dynamic_komi);
    let avoid = settings.avoid.as_deref();
    let leaf = Leaf {
        node: Tree::ROOT,
        depth: 0,
    };
    expand(
        &mut tree,
        leaf,
        &mut root.clone(),
        &mut ladders,
        (komi, avoid),
    );
    let real_komi = (settings.dynamic_komi != 0).then_some(settings.komi);
    let rule = budget.target.map(|Target { soft, hard }| TimeRule {
        started: Instant::now(),
        soft,
        hard,
        next_check: Mutex::new(Instant::now() + CHECK_EVERY),
    });
    let deadline = match (budget.deadline, budget.target) {
        (Some(end), Some(target)) => Some(end.min(target.hard)),
        (end, target) => end.or(target.map(|target| target.hard)),
    };
    let job = Arc::new(SearchJob {
        shared: Shared {
            tree: Mutex::new(tree),
            done: AtomicU64::new(0),
            komi,
            real_komi,
            max_moves: 3 * points,
            avoid: settings.avoid.clone(),
            full: AtomicBool::new(false),
        },
        root,
        lanes: (0..settings.threads.max(1))
            .map(|index| Mutex::new(Worker::new(settings, index, points)))
            .collect(),
        playouts: budget.playouts,
        deadline,
        rule,
        stop: AtomicBool::new(false),
        decided: AtomicBool::new(false),
    });
    pool.run(job.clone(), deadline, budget.stop);
    let tree = std::mem::replace(&mut *lock(&job.shared.tree), Tree::new(1));
    let mut owners = vec![0; if settings.ownership { points } else { 0 }];
    for lane in &job.lanes {
        for (sum, add) in owners.iter_mut().zip(&lock(lane).owners) {
            *sum += add;
        }
    }
    let playouts = job.shared.done.load(Ordering::Relaxed);
    let honest = real_komi.map(|_| tree.root_tally());
    let scoring = (settings.komi, &job.root);
    let mut result = result(&tree, scoring, playouts, &owners, honest, |point| {
        rules_legal(board, colour, point)
    });
    result.decided = job.decided.load(Ordering::Relaxed);
    result.full = job.shared.full.load(Ordering::Relaxed);
    if real_komi.is_some() {
        result.dynamic = Some(Dynamic {
            komi,
            win_rate: tree
                .child_for(Tree::ROOT, result.best)
                .map_or(0.5, |child| {
                    candidate(&tree, child, None, settings.komi, colour).win_rate
                }),
        });
    }
    (result, tree)
}

/// How often a search with a target asks whether to stop (see [`verdict`]).
const CHECK_EVERY: Duration = Duration::from_millis(10);

/// The time rule of a search with a target: when it started, its soft and hard limits,
/// and when it next looks at its root.
struct TimeRule {
    started: Instant,
    soft: Instant,
    hard: Instant,
    next_check: Mutex<Instant>,
}

/// Seconds from `now` to `then`, negative once it has passed.
fn seconds_until(now: Instant, then: Instant) -> f64 {
    if then >= now {
        (then - now).as_secs_f64()
    } else {
        -(now - then).as_secs_f64()
    }
}

/// How long a pool thread searches one tree before it moves on to the next search.
const SLICE: Duration = Duration::from_millis(1);

/// One search as the pool runs it: the tree and its budget, and a lane (a worker's own
/// state) for each thread that may search it at once.
struct SearchJob {
    shared: Shared,
    root: PlayoutBoard,
    lanes: Vec<Mutex<Worker>>,
    playouts: Option<u64>,
    deadline: Option<Instant>,
    rule: Option<TimeRule>,
    /// Set when the owner gives up on the search, or the time rule ends it.
    stop: AtomicBool,
    /// Set when the time rule ended the search.
    decided: AtomicBool,
}

impl SearchJob {
    /// Whether the budget is spent, `now` being the time, or the tree is full.
    fn exhausted(&self, now: Instant) -> bool {
        self.playouts
            .is_some_and(|limit| self.shared.done.load(Ordering::Relaxed) >= limit)
            || self.stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|end| now >= end)
            || self.shared.full.load(Ordering::Relaxed)
    }

    /// Whether the time rule, if there is one and its turn has come, ends the search.
    /// One thread at a time looks, every [`CHECK_EVERY`].
    fn settled(&self, now: Instant) -> bool {
        let Some(rule) = &self.rule else {
            return false;
        };
        let Ok(mut next) = rule.next_check.try_lock() else {
            return false;
        };
        if now < *next {
            return false;
        }
        *next = now + CHECK_EVERY;
        let children: Vec<Child> = {
            let tree = lock(&self.shared.tree);
            tree.children(Tree::ROOT)
                .map(|child| {
                    let node = tree.node(child);
                    let visits = node.real_visits().max(0.0);
                    Child {
                        visits,
                        win_rate: if visits > 0.0 {
                            (node.wins - node.prior_wins) / visits
                        } else {
                            0.0
                        },
                    }
                })
                .collect()
        };
        let playouts = self.shared.done.load(Ordering::Relaxed);
        let elapsed = (now - rule.started).as_secs_f64().max(1e-3);
        let pace = Pace {
            playouts,
            per_second: playouts as f64 / elapsed,
            to_soft: seconds_until(now, rule.soft),
            to_hard: seconds_until(now, rule.hard),
        };
        verdict(&children, &pace) == Verdict::Stop
    }
}

impl Sliced for SearchJob {
    /// Simulates on a free lane for about [`SLICE`]. The clock is read before every
    /// simulation: that costs tens of nanoseconds against tens of microseconds for a
    /// simulation on 9x9, and on 255x255, where one simulation takes tens of
    /// milliseconds, reading it less often would overrun the deadline.
    fn run_slice(&self) -> Slice {
        let start = Instant::now();
        if self.exhausted(start) {
            return Slice::Finished;
        }
        let Some(mut worker) = self.lanes.iter().find_map(|lane| lane.try_lock().ok()) else {
            return Slice::Busy;
        };
        loop {
            worker.simulate(&self.shared, &self.root);
            self.shared.done.fetch_add(1, Ordering::Relaxed);
            let now = Instant::now();
            if self.exhausted(now) {
                return Slice::Finished;
            }
            if now >= start + SLICE {
                if self.settled(now) {
                    self.decided.store(true, Ordering::Relaxed);
                    self.stop.store(true, Ordering::Relaxed);
                    return Slice::Finished;
                }
                return Slice::Ran;
            }
        }
    }

    fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Locks `mutex`; a poisoned lock means a search thread panicked, a bug.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().expect("a search thread panicked")
}

/// Whether `colour` may play `point` on the rules board now (positional superko
/// included). Asked only of the moves the search would play, most visited first: on a
/// large board, asking it of every point would cost more than a short search.
fn rules_legal(board: &Board, colour: Colour, point: usize) -> bool {
    board.get(point).is_none() && board.clone().play(colour, point).is_ok()
}

/// What the threads of one search share: the tree, behind a lock held only to walk
/// down it and to back a result up (never during a playout), the simulation count, and
/// the komi the tree learns by (the game's, or the dynamic one).
struct Shared {
    tree: Mutex<Tree>,
    done: AtomicU64,
    komi: Points,
    /// With dynamic komi, the game's: the root's children also count their simulations
    /// against it (see [`Tree::count_at_root`]).
    real_komi: Option<Points>,
    max_moves: usize,
    avoid: Option<Arc<Avoid>>,
    /// Set when a leaf due for expansion found no room for its children: the search
    /// ends there, since simulations that can no longer deepen the tree only pile up
    /// visits at its leaves (see [`SearchResult::full`]).
    full: AtomicBool,
}

/// How a simulation ended.
#[derive(Debug, Clone, Copy)]
enum Ending {
    /// A playout, with its area margin (Black's minus White's).
    Playout(i64),
    /// The tree ended the game by two passes: the board's margin as it stands, the
    /// margin after a playout from it, and who passed last (see [`Worker::game_end`]).
    Passed {
        strict: i64,
        settled: i64,
        last_passer: Colour,
    },
}

impl Ending {
    /// Black's final area margin: the playout's, or after passes the settled one (the
    /// board with dead stones resolved, as a referee would count it).
    fn margin(self) -> f64 {
        match self {
            Ending::Playout(margin)
            | Ending::Passed {
                settled: margin, ..
            } => margin as f64,
        }
    }

    /// Who wins against `komi`.
    fn winner(self, komi: Points) -> Option<Colour> {
        match self {
            Ending::Playout(margin) => Outcome::winner_of_margin(margin, komi),
            Ending::Passed {
                strict,
                settled,
                last_passer,
            } => {
                let strict = Outcome::winner_of_margin(strict, komi);
                if strict == Outcome::winner_of_margin(settled, komi) {
                    strict
                } else {
                    Some(last_passer.opponent())
                }
            }
        }
    }
}

/// One thread's own state.
struct Worker {
    rng: Rng,
    /// Who played each point first in the current simulation, and when.
    first_plays: FirstPlays,
    /// The nodes of the current simulation, root first.
    path: Vec<usize>,
    /// The sum of each point's owner at the end of every simulation, if asked for.
    owners: Vec<i32>,
    /// The playout policy's own memory: ladder scratch boards, winning replies.
    policy: Policy,
    /// The board the last simulation was played on, kept so that the next one copies
    /// the root into its memory rather than allocating a board of its own.
    board: Option<PlayoutBoard>,
}

impl Worker {
    /// The state of thread `index` (its random numbers differ from the others').
    fn new(settings: &Settings, index: usize, points: usize) -> Worker {
        Worker {
            rng: Rng::new(settings.seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            first_plays: FirstPlays::new(points),
            path: Vec::new(),
            owners: if settings.ownership {
                vec![0; points]
            } else {
                Vec::new()
            },
            policy: Policy::new(settings.playout_style),
            board: None,
        }
    }

    /// One simulation: down the tree by the RAVE values, counting a visit on each node at
    /// once (a virtual loss, so that other threads spread out), expanding the leaf if it
    /// has been visited enough; a playout from there (or the end of the game when the
    /// tree ended it by two passes); the result back up the path.
    fn simulate(&mut self, shared: &Shared, root: &PlayoutBoard) {
        let mut board = self.board.take().unwrap_or_else(|| root.clone());
        board.copy_from(root);
        self.first_plays.clear();
        self.path.clear();
        self.path.push(Tree::ROOT);
        self.policy.replies.start_at_root(&board);
        {
            let mut tree = lock(&shared.tree);
            tree.node_mut(Tree::ROOT).visits += 1.0;
            let mut node = Tree::ROOT;
            while board.passes() < 2 {
                if !tree.node(node).is_expanded() {
                    if tree.node(node).real_visits() < EXPAND_AT + 1.0 {
                        break;
                    }
                    match tree.claim_expansion(node, board.empty_grid().len() + 1) {
                        Claim::Claimed => {}
                        Claim::Taken => break,
                        Claim::Full => {
                            shared.full.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    let leaf = Leaf {
                        node,
                        depth: self.path.len() - 1,
                    };
                    // The priors are worked out without the lock, so that the other
                    // threads go on meanwhile; they take the claimed node for a leaf.
                    drop(tree);
                    let judged = judgement(leaf, &board, shared.komi);
                    let (children, judged_by_head) = children(
                        leaf,
                        &mut board,
                        &mut self.policy.ladders,
                        (shared.komi, shared.avoid.as_deref()),
                        judged.is_none(),
                    );
                    let judged = judged.or(judged_by_head);
                    tree = lock(&shared.tree);
                    if tree.expand(node, children.into_iter()) {
                        if let Some(rate) = judged {
                            tree.node_mut(node).add_prior(VALUE_VISITS, 1.0 - rate);
                        }
                        if let Some(&grandparent) = self.path.iter().rev().nth(2) {
                            tree.inherit_amaf(node, grandparent, INHERITED_AMAF);
                        }
                    }
                    if !tree.node(node).is_expanded() {
                        break;
                    }
                }
                node = select(&tree, node);
                tree.node_mut(node).visits += 1.0;
                let mover = board.to_move();
                match tree.node(node).mv() {
                    Some(point) => {
                        self.first_plays.note(mover, Some(point));
                        board.play(point);
                        self.policy.replies.record(board.last_grid());
                    }
                    None => {
                        self.first_plays.note(mover, None);
                        board.pass();
                        self.policy.replies.record(0);
                    }
                }
                self.path.push(node);
            }
        }
        let ending = if board.passes() >= 2 {
            self.game_end(shared, &mut board)
        } else {
            Ending::Playout(playout(
                &mut board,
                &mut self.rng,
                shared.max_moves,
                &mut self.first_plays,
                &mut self.policy,
            ))
        };
        let winner = ending.winner(shared.komi);
        if let Ending::Playout(_) = ending {
            self.policy.replies.learn(winner);
        }
        if !self.owners.is_empty() {
            board.add_owners(&mut self.owners);
        }
        self.board = Some(board);
        let lead = ending.margin() - shared.komi.to_f64();
        let black_value = value::black_value(winner, lead, root.size());
        let mut tree = lock(&shared.tree);
        self.back_up(&mut tree, root.to_move(), black_value, ending.margin());
        if let (Some(komi), Some(&child)) = (shared.real_komi, self.path.get(1)) {
            let won = value::result_for(ending.winner(komi), root.to_move());
            tree.count_at_root(child, won as f32);
        }
    }

    /// Who wins a game the tree ended by two passes. The board as it stands decides
    /// under Tromp-Taylor, but a referee that removes dead stones (GNU Go, a person)
    /// may count it otherwise; so the pass that ended the game wins only when a playout
    /// from the same board agrees. Otherwise it counts as lost for the player who made
    /// it: the engine then passes only in settled positions, and plays on (capturing dead
    /// stones, or saving its own) while they are not.
    fn game_end(&mut self, shared: &Shared, board: &mut PlayoutBoard) -> Ending {
        let strict = board.area_margin();
        let last_passer = board.to_move().opponent();
        board.clear_passes();
        let settled = playout(
            board,
            &mut self.rng,
            shared.max_moves,
            &mut self.first_plays,
            &mut self.policy,
        );
        Ending::Passed {
            strict,
            settled,
            last_passer,
        }
    }

    /// Adds a simulation worth `black_value` to Black (see [`value::black_value`]; White's
    /// is 1 less) that ended with Black's area margin `margin` to the nodes of the path,
    /// whose visits were counted on the way down, and to the AMAF statistics of their
    /// children that the simulation played, each weighed by how soon after the node it
    /// was played (see [`FirstPlays::below`]).
    fn back_up(&self, tree: &mut Tree, root_mover: Colour, black_value: f64, margin: f64) {
        let (black, white) = (black_value as f32, (1.0 - black_value) as f32);
        let score = |colour: Colour| match colour {
            Colour::Black => black,
            Colour::White => white,
        };
        // The player to move at path[depth] is root_mover at even depths.
        let mut to_move = root_mover;
        for (depth, &index) in self.path.iter().enumerate() {
            let node = tree.node_mut(index);
            node.wins += score(to_move.opponent());
            node.add_score(margin);
            let weights = self.first_plays.below(depth);
            for child in tree.children(index) {
                let child_node = tree.node_mut(child);
                if let Some(point) = child_node.mv() {
                    if let Some(weight) = weights.of(point, to_move) {
                        child_node.amaf_visits += weight;
                        child_node.amaf_wins += weight * score(to_move);
                    }
                }
            }
            to_move = to_move.opponent();
        }
    }
}

/// A node of the tree to expand, and how many moves below the root it is.
#[derive(Debug, Clone, Copy)]
struct Leaf {
    node: usize,
    depth: usize,
}

/// Gives `leaf` a child for each legal move of `board` (own single-point eyes left out),
/// and a pass, each with its prior; but none for the moves `avoid` keeps out at its
/// depth (a pass when that leaves nothing). After the opponent's pass, a pass ends the
/// game: when the board as it stands wins (with `komi`), it starts as a likely win, so
/// that the search tries it and sees whether it really wins.
fn expand(
    tree: &mut Tree,
    leaf: Leaf,
    board: &mut PlayoutBoard,
    ladders: &mut LadderReader,
    rules: (Points, Option<&Avoid>),
) {
    // A reused root comes expanded: no priors to work out again.
    if tree.node(leaf.node).is_expanded() {
        return;
    }
    let (children, _) = children(leaf, board, ladders, rules, false);
    tree.expand(leaf.node, children.into_iter());
}

/// The deepest node (the root is at depth 0) whose children take their priors from the
/// policy network, when one is active, on the board sizes it is for; deeper ones use
/// the move model alone. On 9x9 the network costs about 0.2 ms a position (with AVX2); to
/// depth 3 it won at equal simulations, and at every depth gained no more that a match
/// could see, for more than twice the cost; at equal time it scored 96 of 200 where the
/// move model scored 95 on the same openings, no gain, which is why 9x9 keeps the move
/// model by default (the README's "The policy network"; the sizes the
/// built-in network plays on are [`BUILTIN_SIZES`](super::policy_net::BUILTIN_SIZES)).
const POLICY_DEPTH: usize = 3;

/// The deepest node below the root that a value network judges when the search expands
/// it (the root itself is not judged: its value picks no move).
const VALUE_DEPTH: usize = 3;

/// The simulations a value network's judgement of a node counts for, beside the prior's
/// and the node's own (the README's "A value network").
const VALUE_VISITS: f32 = 50.0;

/// The side to move's chance of winning `leaf`'s position `board` by the active value
/// network, when there is one for the board's size and `komi` and the leaf is near
/// enough to the root (where there is none, the policy network's value head may judge
/// it: [`children`]).
fn judgement(leaf: Leaf, board: &PlayoutBoard, komi: Points) -> Option<f32> {
    ValueNet::active()
        .filter(|net| {
            (1..=VALUE_DEPTH).contains(&leaf.depth) && net.is_for(board.size(), komi.to_f64())
        })
        .map(|net| net.win_rate(board))
}

/// The children [`expand`] gives `leaf`, whose position is `board`; and, when `judge`,
/// the side to move's chance of winning by the policy network's value head, when the
/// policy network is asked, carries one for `komi` and the leaf is near enough to the
/// root to be judged.
fn children(
    leaf: Leaf,
    board: &mut PlayoutBoard,
    ladders: &mut LadderReader,
    (komi, avoid): (Points, Option<&Avoid>),
    judge: bool,
) -> (Vec<Node>, Option<f32>) {
    let pass_wins = board.passes() > 0
        && Outcome::winner_of_margin(board.area_margin(), komi) == Some(board.to_move());
    let mover = board.to_move();
    let judge_at = (judge && (1..=VALUE_DEPTH).contains(&leaf.depth)).then(|| komi.to_f64());
    let (policy, judged) = PolicyNet::active()
        .filter(|net| leaf.depth <= POLICY_DEPTH && net.is_for(board.size()))
        .map(|net| net.evaluate(board, judge_at))
        .map_or((None, None), |(policy, judged)| (Some(policy), judged));
    let mut children: Vec<Node> = priors(board, ladders, policy.as_deref())
        .into_iter()
        .filter(|prior| avoid.is_none_or(|avoid| !avoid.keeps_out(mover, prior.mv, leaf.depth)))
        .map(|prior| match prior.mv {
            None if pass_wins => Node::new(None, PASS_TO_WIN.0, PASS_TO_WIN.1),
            _ => Node::new(prior.mv, prior.visits, prior.rate),
        })
        .collect();
    if children.is_empty() {
        children.push(Node::new(None, 0.0, 0.5));
    }
    (children, judged)
}

/// The prior of a pass that ends the game won as the board stands: simulations, win rate.
const PASS_TO_WIN: (f32, f32) = (30.0, 0.9);

/// The child of `node` with the highest RAVE value.
fn select(tree: &Tree, node: usize) -> usize {
    let mut best = usize::MAX;
    let mut best_value = f32::NEG_INFINITY;
    for child in tree.children(node) {
        let value = tree.node(child).rave_value(RAVE_EQUIVALENCE);
        if value > best_value {
            best_value = value;
            best = child;
        }
    }
    best
}
