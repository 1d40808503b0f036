//! Time management: how long to think, from the clock (UCI `wtime btime winc binc
//! movestogo`), a fixed `movetime`, and the `Move Overhead` kept back per move.
//!
//! Two limits come out: a *soft* one, after which no new iteration starts (stretched or
//! shrunk by how stable the best move is), and a *hard* one, at which the search stops
//! wherever it is. Never losing on time matters more than the last few milliseconds.

use std::time::Duration;

use super::limits::Limits;

/// The least overhead assumed per move, whatever the GUI says: on a loaded machine the
/// time between the GUI's `go` and our `bestmove` exceeds the search's own time by this much.
const MIN_OVERHEAD: Duration = Duration::from_millis(15);

/// The time limits of one search; `None` means unlimited.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// The budget for `limits`.
pub(crate) fn budget(limits: &Limits) -> Budget {
    if limits.infinite {
        return Budget::default();
    }
    let overhead = limits.move_overhead.max(MIN_OVERHEAD);
    if let Some(t) = limits.movetime {
        let t = t.saturating_sub(overhead).max(Duration::from_millis(1));
        return Budget {
            soft: Some(t),
            hard: Some(t),
        };
    }
    let Some(left) = limits.time_left else {
        return Budget::default();
    };
    // Keep the overhead back, and a little more per move still to come.
    let usable = left.saturating_sub(overhead).max(Duration::from_millis(1));
    let togo = limits.moves_to_go.unwrap_or(25).clamp(1, 40);
    let base = usable / togo + limits.increment * 3 / 4;
    let hard_cap = if togo == 1 {
        usable * 2 / 3
    } else {
        usable / 4
    };
    let soft = base.min(usable / 2);
    let hard = (soft * 4).min(hard_cap).max(soft.min(hard_cap));
    Budget {
        soft: Some(soft.min(hard)),
        hard: Some(hard),
    }
}

/// How much of the soft limit to use given how many iterations in a row kept the same
/// best move: less when stable, more when it keeps changing. In percent.
pub(crate) fn stability_factor(stable_iterations: u32) -> u32 {
    match stable_iterations {
        0 => 150,
        1 => 120,
        2 => 100,
        3 => 85,
        _ => 70,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_second_plus_increment_leaves_plenty_on_the_clock() {
        let limits = Limits {
            time_left: Some(Duration::from_secs(1)),
            increment: Duration::from_millis(10),
            ..Limits::default()
        };
        let b = budget(&limits);
        assert!(b.hard.unwrap() <= Duration::from_millis(250));
        assert!(b.soft.unwrap() >= Duration::from_millis(20));
        // Nearly flagging: still a positive budget, far below the time left.
        let limits = Limits {
            time_left: Some(Duration::from_millis(30)),
            increment: Duration::from_millis(10),
            ..Limits::default()
        };
        assert!(budget(&limits).hard.unwrap() < Duration::from_millis(15));
    }

    #[test]
    fn movetime_keeps_the_overhead_back() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(100)),
            move_overhead: Duration::from_millis(20),
            ..Limits::default()
        };
        assert_eq!(budget(&limits).hard, Some(Duration::from_millis(80)));
        let limits = Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        assert_eq!(budget(&limits).hard, Some(Duration::from_millis(85)));
    }
}
