//! A search in slices: the same search, stopped every so often to report what it has
//! found so far, as analysis for GUIs needs. The tree carries over from slice to slice,
//! so the slices add up to one search.

use super::pool::SearchPool;
use super::search::{search_with, Budget, SearchResult, Settings};
use super::tree::Tree;
use crate::go::board::Board;
use crate::go::Colour;
use std::time::{Duration, Instant};

/// Who watches a search in slices: every `interval`, `report` sees the result so far,
/// and the tree it came from (for what the result leaves out, such as the visits along
/// each principal variation).
pub struct Watcher<'a> {
    /// How long each slice runs.
    pub interval: Duration,
    /// Called between slices.
    pub report: &'a mut dyn FnMut(&SearchResult, &Tree),
}

/// Like [`search_with`] on `pool`, but, with a `watcher`, the search pauses every
/// interval and the watcher sees the result so far: the candidates of the whole tree,
/// the simulations and the ownership of all slices. The last result is returned, not
/// reported.
pub fn search_in_slices(
    pool: &SearchPool,
    tree: Option<Tree>,
    board: &Board,
    colour: Colour,
    settings: &Settings,
    budget: &Budget<'_>,
    watcher: Option<Watcher<'_>>,
) -> (SearchResult, Tree) {
    let Some(Watcher { interval, report }) = watcher else {
        return search_with(pool, tree, board, colour, settings, budget);
    };
    let mut tree = tree;
    let mut playouts = 0;
    let mut owner_sums: Vec<f64> = Vec::new();
    let mut slice: u64 = 0;
    loop {
        let slice_end = Instant::now() + interval;
        let slice_budget = Budget {
            playouts: budget.playouts.map(|limit| limit.saturating_sub(playouts)),
            deadline: Some(budget.deadline.map_or(slice_end, |end| end.min(slice_end))),
            target: budget.target,
            stop: budget.stop,
        };
        // Each slice draws fresh random numbers: the same seed again would replay them.
        let slice_settings = Settings {
            seed: settings.seed ^ slice.wrapping_mul(0xd6e8_feb8_6659_fd93),
            ..settings.clone()
        };
        let (mut result, grown) = search_with(
            pool,
            tree.take(),
            board,
            colour,
            &slice_settings,
            &slice_budget,
        );
        add_ownership(&mut owner_sums, &result);
        playouts += result.playouts;
        result.playouts = playouts;
        result.ownership = owner_sums
            .iter()
            .map(|&sum| (sum / playouts.max(1) as f64) as f32)
            .collect();
        if result.decided || result.full || budget.exhausted(playouts) {
            return (result, grown);
        }
        report(&result, &grown);
        tree = Some(grown);
        slice += 1;
    }
}

/// Adds a slice's ownership, weighted by its simulations, to the running sums.
fn add_ownership(sums: &mut Vec<f64>, result: &SearchResult) {
    if sums.is_empty() {
        sums.resize(result.ownership.len(), 0.0);
    }
    let weight = result.playouts as f64;
    for (sum, &owner) in sums.iter_mut().zip(&result.ownership) {
        *sum += f64::from(owner) * weight;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::engine::playout::PlayoutStyle;
    use crate::go::Points;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn settings() -> Settings {
        Settings {
            komi: Points::ZERO,
            seed: 5,
            max_nodes: 100_000,
            ownership: true,
            threads: 1,
            dynamic_komi: 0,
            avoid: None,
            playout_style: PlayoutStyle::Standard,
        }
    }

    #[test]
    fn slices_report_growing_results_and_add_up() {
        let _bound = crate::test_bound::bound();
        let board = Board::new(5);
        let budget = Budget {
            playouts: Some(3000),
            ..Budget::default()
        };
        let mut reported = Vec::new();
        let (result, tree) = search_in_slices(
            &SearchPool::new(1),
            None,
            &board,
            Colour::Black,
            &settings(),
            &budget,
            Some(Watcher {
                interval: Duration::from_millis(1),
                report: &mut |result, _| reported.push(result.playouts),
            }),
        );
        assert_eq!(result.playouts, 3000);
        assert!(!reported.is_empty(), "no report in 3000 simulations");
        assert!(reported.windows(2).all(|pair| pair[0] <= pair[1]));
        assert!(reported.iter().all(|&done| done < 3000));
        // The tree holds every slice's simulations (its root counts one more per slice
        // for the expansion).
        assert!(tree.node(Tree::ROOT).real_visits() >= 3000.0);
        assert_eq!(result.ownership.len(), 25);
        assert!(result.ownership.iter().all(|owner| owner.abs() <= 1.0));
    }

    #[test]
    fn a_stop_ends_the_slices() {
        let _bound = crate::test_bound::bound();
        let board = Board::new(5);
        let stop = AtomicBool::new(false);
        // The deadline only bounds the test should the stop be ignored: the search
        // would then end there, with thousands of reports.
        let budget = Budget {
            stop: Some(&stop),
            deadline: Some(Instant::now() + Duration::from_secs(30)),
            ..Budget::default()
        };
        let mut reports = 0;
        let (result, _) = search_in_slices(
            &SearchPool::new(1),
            None,
            &board,
            Colour::White,
            &settings(),
            &budget,
            Some(Watcher {
                interval: Duration::from_millis(2),
                report: &mut |_, _| {
                    reports += 1;
                    if reports == 3 {
                        stop.store(true, Ordering::Relaxed);
                    }
                },
            }),
        );
        // How many simulations the slices made depends on how much of their 2 ms the
        // machine gave them (none at all on a loaded one), so only the reports count.
        assert_eq!(reports, 3, "{} simulations", result.playouts);
    }
}
