//! The search tree: nodes in one arena, children stored side by side, statistics for the
//! tree policy (visits, wins, AMAF) and the prior knowledge each child starts with.

/// A move in the tree: a point of the rules board, or a pass.
pub type Move = Option<usize>;

/// One node: the move that led to it and what the search has learned about that move.
///
/// Wins count for the player who made the move (the player to move at the parent), so a
/// parent picks the child with the best value directly. The final scores are Black's
/// area margins, without komi, whoever moved.
#[derive(Debug, Clone, Copy)]
pub struct Node {
    /// The move that leads here from the parent: a point, or [`PASS`] (see [`Node::mv`]);
    /// four bytes rather than an `Option<usize>`'s sixteen keep the node at 56 bytes.
    mv: u32,
    /// Simulations through this node, priors included.
    pub visits: f32,
    /// Wins among them for the player who made `mv`: each simulation counts its value
    /// (a win 1, a draw a half, a loss 0, shaded by its margin: see
    /// [`value`](super::value)).
    pub wins: f32,
    /// All-moves-as-first simulations: ones where `mv` was played later by the same
    /// player, priors included.
    pub amaf_visits: f32,
    /// Wins among them.
    pub amaf_wins: f32,
    /// The prior visits alone, for reporting the prior.
    pub prior_visits: f32,
    /// The prior wins alone.
    pub prior_wins: f32,
    /// Index of the first child in the arena; the children are `first..first + count`.
    pub first_child: u32,
    /// How many children; 0 until the node is expanded.
    pub child_count: u32,
    /// Whether a thread is working out this node's children (see
    /// [`Tree::claim_expansion`]); it fits in what would otherwise be padding.
    expanding: bool,
    /// The sum of Black's final area margins of the simulations backed up through the
    /// node (f64: an f32 sum would drop small margins once it is large).
    pub score_sum: f64,
    /// The sum of their squares.
    pub score_squares: f64,
}

/// [`Node::mv`]'s stored form of a pass: no board has this many points.
const PASS: u32 = u32::MAX;

impl Node {
    /// A node for `mv` that starts with `prior_visits` simulations won at `prior_rate`,
    /// in both the plain and the AMAF statistics.
    pub fn new(mv: Move, prior_visits: f32, prior_rate: f32) -> Node {
        let prior_wins = prior_visits * prior_rate;
        Node {
            mv: mv.map_or(PASS, |point| point as u32),
            visits: prior_visits,
            wins: prior_wins,
            amaf_visits: prior_visits,
            amaf_wins: prior_wins,
            prior_visits,
            prior_wins,
            first_child: 0,
            child_count: 0,
            expanding: false,
            score_sum: 0.0,
            score_squares: 0.0,
        }
    }

    /// Adds `visits` simulations won at `rate` for the player who made the move to the
    /// node's prior (not to its AMAF statistics): another judgement of the position
    /// than its simulations', such as a [value network](super::value_net)'s.
    pub fn add_prior(&mut self, visits: f32, rate: f32) {
        self.visits += visits;
        self.wins += visits * rate;
        self.prior_visits += visits;
        self.prior_wins += visits * rate;
    }

    /// The move that leads here from the parent.
    pub fn mv(&self) -> Move {
        (self.mv != PASS).then_some(self.mv as usize)
    }

    /// Adds a simulation that ended with Black's area margin `margin` to the final
    /// scores.
    pub fn add_score(&mut self, margin: f64) {
        self.score_sum += margin;
        self.score_squares += margin * margin;
    }

    /// The mean and standard deviation of Black's final area margin over the node's real
    /// simulations; `None` before the first.
    pub fn score(&self) -> Option<(f64, f64)> {
        let count = f64::from(self.real_visits());
        if count < 1.0 {
            return None;
        }
        let mean = self.score_sum / count;
        let variance = (self.score_squares / count - mean * mean).max(0.0);
        Some((mean, variance.sqrt()))
    }

    /// Whether the node has children.
    pub fn is_expanded(&self) -> bool {
        self.child_count > 0
    }

    /// Simulations that really went through the node, without the priors.
    pub fn real_visits(&self) -> f32 {
        self.visits - self.prior_visits
    }

    /// The win rate for the player who made `mv`, priors included.
    pub fn win_rate(&self) -> f32 {
        if self.visits > 0.0 {
            self.wins / self.visits
        } else {
            0.5
        }
    }

    /// The prior's win rate alone.
    pub fn prior_rate(&self) -> f32 {
        if self.prior_visits > 0.0 {
            self.prior_wins / self.prior_visits
        } else {
            0.5
        }
    }

    /// The RAVE value the tree policy maximises: the win rate blended with the AMAF rate,
    /// which counts for much while the node has few visits of its own (`equivalence` is
    /// the number of visits at which both weigh about the same).
    pub fn rave_value(&self, equivalence: f32) -> f32 {
        let (n, amaf_n) = (self.visits, self.amaf_visits);
        if amaf_n <= 0.0 {
            return self.win_rate();
        }
        let beta = amaf_n / (amaf_n + n + n * amaf_n / equivalence);
        let amaf_rate = self.amaf_wins / amaf_n;
        beta * amaf_rate + (1.0 - beta) * self.win_rate()
    }
}

/// Every node of one search, the root first.
#[derive(Debug, Clone)]
pub struct Tree {
    nodes: Vec<Node>,
    capacity: usize,
    /// For each child of the root, in order: simulations through it scored against
    /// another komi than the tree's own (the game's, while the tree learns by a dynamic
    /// one), and their wins for the side to move at the root. Empty until counted.
    root_tally: Vec<[f32; 2]>,
}

/// What [`Tree::claim_expansion`] made of a leaf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The caller expands it.
    Claimed,
    /// It has children, or another thread is working them out.
    Taken,
    /// Its children would not fit: the tree has grown as large as it may.
    Full,
}

impl Tree {
    /// A tree with one root node (for the move that led to the position searched, which
    /// is not used) and room for at most `capacity` nodes.
    pub fn new(capacity: usize) -> Tree {
        let mut nodes = Vec::with_capacity(capacity.min(1 << 16));
        nodes.push(Node::new(None, 0.0, 0.5));
        Tree {
            nodes,
            capacity: capacity.max(1),
            root_tally: Vec::new(),
        }
    }

    /// The root's index.
    pub const ROOT: usize = 0;

    /// The node at `index`.
    pub fn node(&self, index: usize) -> &Node {
        &self.nodes[index]
    }

    /// The node at `index`, to update.
    pub fn node_mut(&mut self, index: usize) -> &mut Node {
        &mut self.nodes[index]
    }

    /// The indices of the children of `index`.
    pub fn children(&self, index: usize) -> std::ops::Range<usize> {
        let node = &self.nodes[index];
        let first = node.first_child as usize;
        first..first + node.child_count as usize
    }

    /// How many nodes the tree holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only the root is there.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The root's win rate for the side to move there, over its real simulations (0.5
    /// before the first): the root's wins count for the player who moved into it.
    pub fn root_win_rate(&self) -> f32 {
        let root = self.node(Tree::ROOT);
        let visits = root.real_visits();
        if visits > 0.0 {
            1.0 - (root.wins - root.prior_wins) / visits
        } else {
            0.5
        }
    }

    /// The simulations through each move of `moves`, followed down from the root, as
    /// far as the tree has them.
    pub fn visits_along(&self, moves: &[Move]) -> Vec<u64> {
        let mut node = Tree::ROOT;
        let mut visits = Vec::with_capacity(moves.len());
        for &mv in moves {
            let Some(child) = self.child_for(node, mv) else {
                break;
            };
            visits.push(self.node(child).real_visits().max(0.0) as u64);
            node = child;
        }
        visits
    }

    /// The child of `index` reached by `mv`, if the node has one.
    pub fn child_for(&self, index: usize, mv: Move) -> Option<usize> {
        self.children(index)
            .find(|&child| self.nodes[child].mv() == mv)
    }

    /// The subtree under `index` as a tree of its own (`index` its root), for reusing
    /// what a search learned about the position a move later. Children stay side by
    /// side. The nodes are packed down in place, so keeping a subtree takes no more
    /// memory than the tree already holds, and the room left is given back.
    pub fn into_subtree(mut self, index: usize) -> Tree {
        // Each block of children lies above its parent (a block is added after the node
        // that owns it), so packing the blocks down in the order of their old places
        // moves each to a place at or below its old one, over nothing still to move.
        let mut blocks = Vec::new();
        let mut stack = vec![index];
        while let Some(node) = stack.pop() {
            let children = self.children(node);
            if !children.is_empty() {
                blocks.push((children.start, children.len(), node));
                stack.extend(children);
            }
        }
        blocks.sort_unstable_by_key(|&(start, _, _)| start);
        self.nodes[Tree::ROOT] = self.nodes[index];
        // Where each block went, in the order of `blocks`.
        let mut moved_to = Vec::with_capacity(blocks.len());
        let mut next = 1;
        for &(start, count, parent) in &blocks {
            self.nodes.copy_within(start..start + count, next);
            let parent = if parent == index {
                Tree::ROOT
            } else {
                // The parent's block came earlier: the last one starting at or below it.
                let block = blocks.partition_point(|&(first, _, _)| first <= parent) - 1;
                moved_to[block] + (parent - blocks[block].0)
            };
            self.nodes[parent].first_child = next as u32;
            moved_to.push(next);
            next += count;
        }
        self.nodes.truncate(next);
        self.nodes.shrink_to_fit();
        self.root_tally.clear();
        self
    }

    /// The root children's second tally (see [`Tree::count_at_root`]), one entry per
    /// child in order; empty when nothing was counted.
    pub fn root_tally(&self) -> &[[f32; 2]] {
        &self.root_tally
    }

    /// Counts a simulation through the root's child `child` (an arena index), won `won`
    /// (1, 0, or 0.5 for a draw) for the side to move at the root, in the root tally:
    /// the same simulations scored another way than the tree's statistics.
    pub fn count_at_root(&mut self, child: usize, won: f32) {
        let children = self.children(Tree::ROOT);
        if !children.contains(&child) {
            return;
        }
        if self.root_tally.len() != children.len() {
            self.root_tally = vec![[0.0; 2]; children.len()];
        }
        let entry = &mut self.root_tally[child - children.start];
        entry[0] += 1.0;
        entry[1] += won;
    }

    /// Marks leaf `index` as being expanded by the caller, who works out its children
    /// (at most `most_children` of them) without the tree's lock and then calls
    /// [`Tree::expand`]. Meanwhile the other threads treat it as a leaf instead of
    /// working out the same children again. A node that has children or is claimed
    /// already is [`Claim::Taken`]; when that many more would not fit, the tree is
    /// [`Claim::Full`] (the work would be thrown away).
    pub fn claim_expansion(&mut self, index: usize, most_children: usize) -> Claim {
        if self.nodes.len() + most_children > self.capacity {
            return Claim::Full;
        }
        let node = &mut self.nodes[index];
        if node.is_expanded() || node.expanding {
            return Claim::Taken;
        }
        node.expanding = true;
        Claim::Claimed
    }

    /// Gives `index` these children, unless that would pass the capacity (then `false`,
    /// and the node stays a leaf, free to be claimed again). A node is expanded at most
    /// once.
    pub fn expand(&mut self, index: usize, children: impl ExactSizeIterator<Item = Node>) -> bool {
        let count = children.len();
        self.nodes[index].expanding = false;
        if count == 0 || self.nodes.len() + count > self.capacity || self.nodes[index].is_expanded()
        {
            return false;
        }
        let first = self.nodes.len();
        self.nodes.extend(children);
        let node = &mut self.nodes[index];
        node.first_child = first as u32;
        node.child_count = count as u32;
        true
    }

    /// Gives each child of `index` the AMAF statistics of the same move among the
    /// children of `grandparent` (the node two moves up, where the same player was to
    /// move), counted as at most `cap` simulations at their win rate: what the search
    /// learned of a move there is a good first guess of it here, where the board differs
    /// by two moves. A pass takes nothing: AMAF statistics never count a pass.
    pub fn inherit_amaf(&mut self, index: usize, grandparent: usize, cap: f32) {
        // Both lists of children are in the order of their points, the pass last (the
        // order the candidates come in), so one walk along both pairs them up.
        let mut elders = self.children(grandparent).peekable();
        for child in self.children(index) {
            let mv = self.nodes[child].mv;
            while elders.next_if(|&elder| self.nodes[elder].mv < mv).is_some() {}
            let Some(&elder) = elders.peek() else { break };
            let (visits, wins) = (self.nodes[elder].amaf_visits, self.nodes[elder].amaf_wins);
            if self.nodes[elder].mv != mv || mv == PASS || visits <= 0.0 {
                continue;
            }
            let weight = visits.min(cap);
            let node = &mut self.nodes[child];
            node.amaf_visits += weight;
            node.amaf_wins += weight * wins / visits;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_prior_moves_the_rate_but_not_the_real_visits_nor_the_amaf() {
        let _bound = crate::test_bound::bound();
        let mut node = Node::new(Some(3), 10.0, 0.5);
        node.visits += 4.0;
        node.wins += 4.0;
        node.add_prior(50.0, 0.2);
        assert_eq!(node.real_visits(), 4.0);
        assert_eq!((node.visits, node.wins), (64.0, 19.0));
        assert!((node.prior_rate() - 15.0 / 60.0).abs() < 1e-6);
        assert_eq!((node.amaf_visits, node.amaf_wins), (10.0, 5.0));
    }

    /// Children for `points`, each with one prior simulation at an even rate.
    fn kids(points: impl IntoIterator<Item = usize>) -> std::vec::IntoIter<Node> {
        points
            .into_iter()
            .map(|p| Node::new(Some(p), 1.0, 0.5))
            .collect::<Vec<_>>()
            .into_iter()
    }

    #[test]
    fn a_node_takes_56_bytes_as_the_documents_say() {
        let _bound = crate::test_bound::bound();
        assert_eq!(std::mem::size_of::<Node>(), 56);
    }

    #[test]
    fn a_new_node_inherits_capped_amaf_rates_of_the_same_moves_two_moves_up() {
        let _bound = crate::test_bound::bound();
        let mut tree = Tree::new(16);
        // The root (the grandparent) has moves 1, 3 and 5 and a pass, with AMAF
        // statistics on top of their priors of 10 simulations at a half.
        let elders = [Some(1), Some(3), Some(5), None].map(|mv| Node::new(mv, 10.0, 0.5));
        assert!(tree.expand(Tree::ROOT, elders.into_iter()));
        let amaf = |tree: &mut Tree, child: usize, visits: f32, wins: f32| {
            let node = tree.node_mut(child);
            node.amaf_visits += visits;
            node.amaf_wins += wins;
        };
        amaf(&mut tree, 1, 90.0, 85.0); // move 1: 100 at 0.9
        amaf(&mut tree, 2, 10.0, 0.0); // move 3: 20 at 0.25
        amaf(&mut tree, 4, 90.0, 90.0); // the pass: not inherited
        let parent = 3; // move 5
        assert!(tree.expand(parent, [Node::new(Some(0), 1.0, 0.5)].into_iter()));
        let grandchildren = [Some(1), Some(2), Some(3), None].map(|mv| Node::new(mv, 10.0, 0.5));
        let leaf = tree.children(parent).start;
        assert!(tree.expand(leaf, grandchildren.into_iter()));
        tree.inherit_amaf(leaf, Tree::ROOT, 20.0);
        let rates: Vec<(f32, f32)> = tree
            .children(leaf)
            .map(|child| (tree.node(child).amaf_visits, tree.node(child).amaf_wins))
            .collect();
        // Move 1: 20 (capped) at 0.9 on top of 10 at 0.5; move 2: none up there; move 3:
        // all 20 at 0.25; the pass keeps its prior.
        assert_eq!(
            rates,
            [(30.0, 23.0), (10.0, 5.0), (30.0, 10.0), (10.0, 5.0)]
        );
    }

    #[test]
    fn expansion_respects_the_capacity_and_happens_once() {
        let _bound = crate::test_bound::bound();
        let mut tree = Tree::new(4);
        assert!(!tree.expand(Tree::ROOT, kids(0..4)));
        assert!(tree.expand(Tree::ROOT, kids(0..3)));
        assert_eq!(tree.children(Tree::ROOT), 1..4);
        assert!(!tree.expand(Tree::ROOT, kids(0..1)));
        assert_eq!(tree.node(2).mv(), Some(1));
        assert_eq!(tree.len(), 4);
    }

    #[test]
    fn a_leaf_is_claimed_once_and_only_while_its_children_would_fit() {
        let _bound = crate::test_bound::bound();
        let mut tree = Tree::new(4);
        assert_eq!(
            tree.claim_expansion(Tree::ROOT, 4),
            Claim::Full,
            "1 + 4 nodes pass the capacity"
        );
        assert_eq!(tree.claim_expansion(Tree::ROOT, 3), Claim::Claimed);
        assert_eq!(
            tree.claim_expansion(Tree::ROOT, 3),
            Claim::Taken,
            "claimed already"
        );
        assert!(tree.expand(Tree::ROOT, kids(0..2)));
        assert_eq!(
            tree.claim_expansion(Tree::ROOT, 1),
            Claim::Taken,
            "expanded"
        );
        assert_eq!(tree.claim_expansion(1, 1), Claim::Claimed);
        // An expansion that fails frees the claim for another try.
        assert!(!tree.expand(1, kids(0..3)));
        assert_eq!(tree.claim_expansion(1, 1), Claim::Claimed);
        assert_eq!(tree.claim_expansion(2, 2), Claim::Full);
    }

    #[test]
    fn a_subtree_keeps_its_nodes_and_their_children() {
        let _bound = crate::test_bound::bound();
        let mut tree = Tree::new(100);
        tree.expand(Tree::ROOT, kids([10, 11]));
        let eleven = tree.child_for(Tree::ROOT, Some(11)).unwrap();
        tree.expand(eleven, kids([20, 21, 22]));
        let twenty_one = tree.child_for(eleven, Some(21)).unwrap();
        tree.expand(twenty_one, kids([30]));
        tree.node_mut(twenty_one).visits = 7.0;
        let sub = tree.into_subtree(eleven);
        assert_eq!(sub.len(), 5);
        assert_eq!(sub.node(Tree::ROOT).mv(), Some(11));
        let moves: Vec<_> = sub.children(Tree::ROOT).map(|c| sub.node(c).mv()).collect();
        assert_eq!(moves, [Some(20), Some(21), Some(22)]);
        let kept = sub.child_for(Tree::ROOT, Some(21)).unwrap();
        assert_eq!(sub.node(kept).visits, 7.0);
        let leaf = sub.child_for(kept, Some(30)).unwrap();
        assert!(!sub.node(leaf).is_expanded());
    }

    /// Whether the subtree of `a` under `at` and the subtree of `b` under `root` hold
    /// the same nodes in the same order.
    fn same_subtree(a: &Tree, at: usize, b: &Tree, root: usize) -> bool {
        let (left, right) = (a.node(at), b.node(root));
        left.mv() == right.mv()
            && left.visits == right.visits
            && left.child_count == right.child_count
            && a.children(at)
                .zip(b.children(root))
                .all(|(x, y)| same_subtree(a, x, b, y))
    }

    #[test]
    fn a_subtree_packed_in_place_is_the_same_tree_with_nothing_else() {
        let _bound = crate::test_bound::bound();
        let mut rng = crate::go::rng::Rng::new(7);
        for round in 0..50 {
            // A tree grown as a search grows one: leaves expanded in a random order.
            let mut tree = Tree::new(10_000);
            tree.expand(Tree::ROOT, kids(0..5));
            for _ in 0..rng.below(300) {
                let mut node = Tree::ROOT;
                while tree.node(node).is_expanded() {
                    let children = tree.children(node);
                    node = children.start + rng.below(children.len());
                }
                tree.expand(node, kids(0..1 + rng.below(6)));
                tree.node_mut(node).visits = rng.below(1000) as f32;
            }
            let at = 1 + rng.below(5);
            let (original, reach) = (tree.clone(), reachable(&tree, at));
            let sub = tree.into_subtree(at);
            assert!(
                same_subtree(&original, at, &sub, Tree::ROOT),
                "round {round}"
            );
            assert_eq!(sub.len(), reach, "round {round}: nothing else kept");
        }
    }

    /// The nodes of the subtree under `index`, itself included.
    fn reachable(tree: &Tree, index: usize) -> usize {
        1 + tree
            .children(index)
            .map(|child| reachable(tree, child))
            .sum::<usize>()
    }

    #[test]
    fn the_root_tally_counts_root_children_only_and_starts_afresh_in_a_subtree() {
        let _bound = crate::test_bound::bound();
        let mut tree = Tree::new(100);
        tree.expand(Tree::ROOT, kids(0..3));
        assert!(tree.root_tally().is_empty());
        tree.count_at_root(2, 1.0);
        tree.count_at_root(2, 0.5);
        tree.count_at_root(3, 0.0);
        // Not a child of the root: ignored.
        tree.count_at_root(0, 1.0);
        tree.count_at_root(7, 1.0);
        assert_eq!(tree.root_tally(), [[0.0, 0.0], [2.0, 1.5], [1.0, 0.0]]);
        assert!(tree.into_subtree(2).root_tally().is_empty());
    }

    #[test]
    fn rave_leans_on_amaf_early_and_on_real_visits_late() {
        let _bound = crate::test_bound::bound();
        let mut node = Node::new(Some(0), 0.0, 0.5);
        node.amaf_visits = 100.0;
        node.amaf_wins = 90.0;
        node.visits = 1.0;
        node.wins = 0.0;
        assert!(node.rave_value(1000.0) > 0.8);
        node.visits = 100_000.0;
        node.wins = 10_000.0;
        assert!(node.rave_value(1000.0) < 0.2);
    }
}
