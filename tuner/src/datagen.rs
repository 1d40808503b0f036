//! Self-play games for tuning: the engine's own search at a fixed number of nodes per
//! move, from opening-book positions and a few random plies, under the FIDE rules;
//! quiet positions written as `FEN | result` lines (White's result: 1.0, 0.5, 0.0), the
//! format `tune` reads.
//!
//! A game ends at mate, stalemate or a draw by rule (`Game::draw_claim`: fifty moves,
//! repetition, dead position; claims are always made), or by adjudication: a win when
//! the score stays at or beyond [`WIN_SCORE`] for one side for [`WIN_PLIES`] plies in a
//! row, a draw when it stays within [`DRAW_SCORE`] for [`DRAW_PLIES`] plies after ply
//! [`DRAW_AFTER`], and a draw at ply [`MAX_PLIES`]. Each game depends only on its index,
//! the seed and the settings (a fresh searcher per game, one search thread), so a run
//! can be repeated or extended with other indices. This module does not tune anything.
//!
//! Two output formats ([`Format`]): the text lines `FEN | result | score` (White's view)
//! the hand-crafted tuner reads, or the 32-byte records of [`crate::packed`] (score from
//! the side to move's view) the network trainer reads.

use std::error::Error;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use engine::search::{Limits, NullReporter, Score, Searcher};
use engine::{Color, Game, Move, MoveKind, Position, RuleSet, Rules, Setup};
use rayon::prelude::*;

use crate::packed::PackedPosition;
use engine::rng::Rng;

/// How positions are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `FEN | result | score` lines, White's view (for `tune`).
    Text,
    /// 32-byte records (for `train-net`), see `packed.rs`.
    Bin,
}

/// The opening book used when none is given: the balanced set in `scripts/openings/`.
pub const DEFAULT_OPENINGS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../scripts/openings/openings.epd"
);

/// A score (centipawns, White's view) at or beyond which a game is heading for a win.
pub const WIN_SCORE: i32 = 1000;
/// Plies in a row (four moves of each side) beyond [`WIN_SCORE`] that adjudicate a win.
pub const WIN_PLIES: usize = 8;
/// A score within which a game is heading for a draw.
pub const DRAW_SCORE: i32 = 10;
/// Plies in a row within [`DRAW_SCORE`] that adjudicate a draw.
pub const DRAW_PLIES: usize = 10;
/// Draws are adjudicated only after this ply.
pub const DRAW_AFTER: usize = 80;
/// The game is drawn at this ply.
pub const MAX_PLIES: usize = 400;
/// Positions of the first plies after the random ones are not written.
pub const SKIP_PLIES: usize = 8;
/// What a mate score counts as, in centipawns.
const MATE_CP: i32 = 30_000;

/// The settings of a run.
#[derive(Clone, Debug)]
pub struct Config {
    /// How many games.
    pub games: u64,
    /// No game is begun once this many positions are written (the games under way finish
    /// and are written whole); `None` plays every game.
    pub positions: Option<u64>,
    /// Nodes per move.
    pub nodes: u64,
    /// Games played at once.
    pub threads: usize,
    /// Seed of the opening choice and the random plies.
    pub seed: u64,
    /// Random legal plies after the opening position.
    pub random_plies: usize,
    /// Transposition table per game, MiB.
    pub hash_mb: usize,
    /// The opening positions.
    pub openings: Vec<Position>,
    /// How positions are written.
    pub format: Format,
    /// Search with the learned network built into the engine (UCI `EvalNet`): the next
    /// round's data from the current network.
    pub eval_net: bool,
}

/// Reads an EPD opening book: per line the first four FEN fields, with the clocks set to
/// `0 1`. Blank lines and lines starting with `#` are skipped.
pub fn read_openings(text: &str) -> Result<Vec<Position>, Box<dyn Error>> {
    let rules = Rules::new(RuleSet::Fide);
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_ascii_whitespace().take(4).collect();
        let fen = format!("{} 0 1", fields.join(" "));
        let pos = Setup::from_fen(&fen, false)
            .map_err(|e| format!("line {}: {e}", n + 1))
            .and_then(|s| {
                Position::from_setup(&s, rules).map_err(|e| format!("line {}: {e:?}", n + 1))
            })?;
        out.push(pos);
    }
    if out.is_empty() {
        return Err("no opening positions".into());
    }
    Ok(out)
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The quiet positions kept, as FEN, with the search score found there (centipawns,
    /// White's point of view).
    pub fens: Vec<(String, i32)>,
    /// The same positions as records (their result filled in when the game ends).
    pub packed: Vec<PackedPosition>,
    /// White's result: 1.0, 0.5 or 0.0.
    pub result: f64,
    /// Plies played, the random ones included.
    pub plies: usize,
    /// Nodes searched.
    pub nodes: u64,
}

/// Whether `mv` in `pos` neither captures nor promotes.
fn is_quiet(pos: &Position, mv: Move) -> bool {
    mv.promotion().is_none()
        && mv.kind() != MoveKind::EnPassant
        && (mv.is_castle() || pos.kind_on(mv.to()).is_none())
}

/// A search score in centipawns from White's point of view.
fn white_cp(score: Option<Score>, turn: Color) -> i32 {
    let cp = match score {
        Some(Score::Cp(cp)) => cp,
        Some(Score::Mate(m)) if m > 0 => MATE_CP,
        Some(Score::Mate(_)) => -MATE_CP,
        None => 0,
    };
    if turn == Color::White {
        cp
    } else {
        -cp
    }
}

/// Plays game number `index` of a run.
pub fn play(config: &Config, index: u64) -> Record {
    // Step 1. The start: a book position and random legal plies, all from the index.
    let mut rng = Rng::for_index(config.seed, index);
    let opening = &config.openings[rng.below(config.openings.len())];
    let mut game = Game::new(opening.clone());
    for _ in 0..config.random_plies {
        let moves = game.current().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        game.try_play(mv).expect("a generated move is legal");
    }

    // Step 2. The game, with fixed nodes per move.
    let mut searcher = Searcher::new();
    searcher.set_hash_mb(config.hash_mb);
    searcher.set_eval_net(config.eval_net);
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let first = game.moves().len();
    let (mut fens, mut packed, mut nodes) = (Vec::new(), Vec::new(), 0);
    let (mut win_streak, mut draw_streak, mut last_sign) = (0, 0, 0);
    let result = loop {
        let pos = game.current();
        let plies = game.moves().len();
        if !pos.has_legal_moves() {
            break match (pos.in_check(), pos.turn()) {
                (false, _) => 0.5,
                (true, Color::White) => 0.0,
                (true, Color::Black) => 1.0,
            };
        }
        if game.draw_claim().is_some() || plies >= MAX_PLIES {
            break 0.5;
        }
        let found = searcher.search(&game, &limits, &stop, &mut NullReporter);
        nodes += found.nodes;
        let mv = found.best.expect("a move when there are legal moves");
        // The last completed iteration's score, recorded and adjudicated on: exact, where
        // `found.score` may be a bound of the iteration the node limit cut short. (Before
        // the first iteration ends there is only `found.score`.)
        let score = white_cp(found.completed_score.or(found.score), pos.turn());
        if plies >= first + SKIP_PLIES && !pos.in_check() && is_quiet(pos, mv) {
            fens.push((pos.fen(), score));
            let own = if pos.turn() == Color::White {
                score
            } else {
                -score
            };
            // A board of more than 32 men (none arises in play) is simply not kept.
            if let Ok(p) = PackedPosition::new(pos, own, 0, plies) {
                packed.push(p);
            }
        }

        // Step 3. Adjudication on the score just found.
        let sign = score.signum();
        win_streak = match (score.abs() >= WIN_SCORE, sign == last_sign) {
            (false, _) => 0,
            (true, true) => win_streak + 1,
            (true, false) => 1,
        };
        last_sign = sign;
        draw_streak = if plies >= DRAW_AFTER && score.abs() <= DRAW_SCORE {
            draw_streak + 1
        } else {
            0
        };
        game.try_play(mv).expect("the search plays legal moves");
        if win_streak >= WIN_PLIES {
            break if sign > 0 { 1.0 } else { 0.0 };
        }
        if draw_streak >= DRAW_PLIES {
            break 0.5;
        }
    };
    let white_result = if result > 0.75 {
        1
    } else if result > 0.25 {
        0
    } else {
        -1
    };
    for p in &mut packed {
        p.result = white_result;
    }
    Record {
        fens,
        packed,
        result,
        plies: game.moves().len(),
        nodes,
    }
}

/// Totals of a run.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games finished.
    pub games: u64,
    /// Positions written.
    pub positions: u64,
    /// Wins for White, draws, wins for Black.
    pub wdl: [u64; 3],
    /// Plies played.
    pub plies: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let secs = self.seconds.max(1e-9);
        write!(
            f,
            "{} games, {} positions ({:.0}/s), W/D/L {}/{}/{}, {:.0} plies/game, {:.2} M nodes/s, {:.1} s",
            self.games,
            self.positions,
            self.positions as f64 / secs,
            self.wdl[0],
            self.wdl[1],
            self.wdl[2],
            self.plies as f64 / self.games.max(1) as f64,
            self.nodes as f64 / secs / 1e6,
            self.seconds
        )
    }
}

/// Running totals shared by the threads of a run.
#[derive(Default)]
struct Totals {
    games: AtomicU64,
    positions: AtomicU64,
    /// Wins for White, draws, wins for Black.
    wdl: [AtomicU64; 3],
    plies: AtomicU64,
    nodes: AtomicU64,
}

impl Totals {
    fn add(&self, record: &Record) -> u64 {
        let outcome = if record.result > 0.75 {
            0
        } else if record.result > 0.25 {
            1
        } else {
            2
        };
        self.wdl[outcome].fetch_add(1, Ordering::Relaxed);
        self.positions
            .fetch_add(record.fens.len() as u64, Ordering::Relaxed);
        self.plies.fetch_add(record.plies as u64, Ordering::Relaxed);
        self.nodes.fetch_add(record.nodes, Ordering::Relaxed);
        self.games.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn summary(&self, started: Instant) -> Summary {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        Summary {
            games: get(&self.games),
            positions: get(&self.positions),
            wdl: self.wdl.each_ref().map(get),
            plies: get(&self.plies),
            nodes: get(&self.nodes),
            seconds: started.elapsed().as_secs_f64(),
        }
    }
}

/// Plays `config.games` games on `config.threads` threads, writing each game's positions
/// to `out` as it ends (so games appear in the order they finish, each game's lines
/// together), with a progress line on stderr every few seconds when `progress` is set.
pub fn run<W: Write + Send>(config: &Config, out: W, progress: bool) -> io::Result<Summary> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        // The search recurses on the calling thread; give it the room the UCI thread has.
        .stack_size(16 << 20)
        .build()
        .map_err(io::Error::other)?;
    let started = Instant::now();
    let totals = Totals::default();
    let state = Mutex::new((out, Instant::now()));
    pool.install(|| {
        (0..config.games as usize)
            .into_par_iter()
            .with_max_len(1)
            .try_for_each(|index| -> io::Result<()> {
                let written = totals.positions.load(Ordering::Relaxed);
                if config.positions.is_some_and(|cap| written >= cap) {
                    return Ok(());
                }
                let record = play(config, index as u64);
                let mut lines = String::new();
                let mut bytes = Vec::new();
                let result = if record.result > 0.75 {
                    "1.0"
                } else if record.result > 0.25 {
                    "0.5"
                } else {
                    "0.0"
                };
                match config.format {
                    Format::Text => {
                        for (fen, score) in &record.fens {
                            let _ = writeln!(lines, "{fen} | {result} | {score}");
                        }
                    }
                    Format::Bin => {
                        for p in &record.packed {
                            bytes.extend_from_slice(&p.to_bytes());
                        }
                    }
                }
                let mut guard = state.lock().expect("no panics while writing");
                let done = totals.add(&record);
                let (out, last) = &mut *guard;
                out.write_all(lines.as_bytes())?;
                out.write_all(&bytes)?;
                if progress && last.elapsed().as_secs_f64() >= 5.0 && done < config.games {
                    out.flush()?;
                    *last = Instant::now();
                    let now = totals.summary(started);
                    // The share done: of the games, or of the position cap if nearer.
                    let share = (done as f64 / config.games as f64).max(
                        config
                            .positions
                            .map_or(0.0, |cap| now.positions as f64 / cap.max(1) as f64),
                    );
                    eprintln!(
                        "{now}; about {:.0} s to go",
                        now.seconds * (1.0 - share.min(1.0)) / share
                    );
                }
                Ok(())
            })
    })?;
    let (mut out, _) = state.into_inner().expect("no panics while writing");
    out.flush()?;
    Ok(totals.summary(started))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOOK: &str = "\
# a small book
rnbqkbnr/4pppp/pp1p4/2p5/2P1P3/1P1B4/P2P1PPP/RNBQK1NR w KQkq - hmvc 0; fmvn 5;
r1bqkbnr/1ppp1ppp/p1n1p3/8/5P2/1P2P3/PBPP2PP/RN1QKBNR b KQkq - hmvc 0; fmvn 4;
";

    fn config(games: u64) -> Config {
        Config {
            games,
            positions: None,
            nodes: 300,
            threads: 2,
            seed: 5,
            random_plies: 4,
            hash_mb: 1,
            openings: read_openings(BOOK).unwrap(),
            format: Format::Text,
            eval_net: false,
        }
    }

    #[test]
    fn reads_the_first_four_fields_of_epd_lines() {
        let book = read_openings(BOOK).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(
            book[1].fen(),
            "r1bqkbnr/1ppp1ppp/p1n1p3/8/5P2/1P2P3/PBPP2PP/RN1QKBNR b KQkq - 0 1"
        );
        assert!(read_openings("# nothing\n").is_err());
        assert!(read_openings("not a fen at all\n").is_err());
    }

    #[test]
    fn a_tiny_run_writes_well_formed_lines() {
        let mut out = Vec::new();
        let summary = run(&config(2), &mut out, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(summary.games, 2);
        assert_eq!(summary.wdl.iter().sum::<u64>(), 2);
        assert_eq!(text.lines().count() as u64, summary.positions);
        assert!(summary.positions > 0);
        let rules = Rules::new(RuleSet::Fide);
        for line in text.lines() {
            let fields: Vec<&str> = line.split(" | ").collect();
            let [fen, result, score] = fields[..] else {
                panic!("not FEN | result | score: {line}");
            };
            let pos = Position::from_setup(&Setup::from_fen(fen, false).unwrap(), rules).unwrap();
            assert!(!pos.in_check(), "{line}");
            assert!(["1.0", "0.5", "0.0"].contains(&result), "{line}");
            assert!(
                score.parse::<i32>().is_ok_and(|s| s.abs() <= MATE_CP),
                "{line}"
            );
        }
        // The lines load as tuning data.
        assert_eq!(
            crate::texel::load(&text).unwrap().len() as u64,
            summary.positions
        );
    }

    #[test]
    fn a_position_cap_stops_beginning_games_and_keeps_them_whole() {
        let capped = Config {
            positions: Some(1),
            threads: 1,
            ..config(4)
        };
        let mut out = Vec::new();
        let summary = run(&capped, &mut out, false).unwrap();
        // One thread: the first game written reaches the cap, and no other is begun.
        assert_eq!(summary.games, 1);
        assert!(summary.positions >= 1);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count() as u64, summary.positions);
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn a_binary_run_writes_the_same_positions_as_records() {
        let mut text = Vec::new();
        let summary = run(&config(2), &mut text, false).unwrap();
        let mut bin = Vec::new();
        let c = Config {
            format: Format::Bin,
            ..config(2)
        };
        assert_eq!(
            run(&c, &mut bin, false).unwrap().positions,
            summary.positions
        );
        let records = crate::packed::read_all(&bin).unwrap();
        assert_eq!(records.len() as u64, summary.positions);
        // Games finish in any order; compare as sets of (placement and turn, result, score).
        let mut from_text: Vec<(String, i8, i32)> = String::from_utf8(text)
            .unwrap()
            .lines()
            .map(|line| {
                let f: Vec<&str> = line.split(" | ").collect();
                let board: Vec<&str> = f[0].split(' ').take(2).collect();
                let result = match f[1] {
                    "1.0" => 1,
                    "0.5" => 0,
                    _ => -1,
                };
                let white: i32 = f[2].parse().unwrap();
                let own = if board[1] == "w" { white } else { -white };
                (board.join(" "), result, own)
            })
            .collect();
        let mut from_bin: Vec<(String, i8, i32)> = records
            .iter()
            .map(|r| {
                let fen = r.fen();
                let board: Vec<&str> = fen.split(' ').take(2).collect();
                (board.join(" "), r.result, r.score as i32)
            })
            .collect();
        from_text.sort();
        from_bin.sort();
        assert_eq!(from_text, from_bin);
    }

    #[test]
    fn the_network_plays_other_games() {
        let c = config(1);
        let net = Config {
            eval_net: true,
            ..config(1)
        };
        let (a, b) = (play(&c, 3), play(&net, 3));
        assert_ne!((a.nodes, &a.fens), (b.nodes, &b.fens));
        assert_eq!(b, play(&net, 3), "deterministic with the network too");
    }

    #[test]
    fn a_game_depends_only_on_its_index() {
        let c = config(1);
        let a = play(&c, 1);
        assert_eq!(a, play(&c, 1));
        assert_ne!(a.fens, play(&c, 2).fens);
        assert!(a.plies > SKIP_PLIES && a.plies <= MAX_PLIES);
    }
}
