//! The flags of `morphy play` and what they start: a new game kept in the games'
//! database (`--data DIR`, by default the XDG data folder), or with `--resume [ID]` a
//! kept game opened again ([`crate::games::resume`]), or with `--suggested` the game
//! the ladder suggests ([`crate::games::standing`]). Exit codes: 0 after a game, 1
//! when the start is refused (or the database cannot be read, or the kept game cannot
//! be replayed), 2 when `--resume` names no game it can go on with.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

use engine::search::{MateCondition, MAX_ELO, MIN_ELO};
use engine::{Color, GameSpec, Odds, RuleSet};

use super::config::{Limit, MoveNotation, PlayConfig};
use super::keeping::Keep;
use crate::games::find::open;
use crate::games::resume;
use crate::games::standing::standing;
use crate::uci::options::{HASH, ODDS_CONTEMPT, THREADS};

/// The flags of `morphy play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Odds Morphy gives (it plays the giver's side): none, pawn, pawn-and-move, rook, ...
    #[arg(long, default_value = "none")]
    pub odds: Odds,
    /// Rule set: american-1897, british-1894, staunton-1910, fide.
    #[arg(long, default_value = "american-1897")]
    pub rules: RuleSet,
    /// Your side: white or black. Without odds the default is white; with odds you
    /// receive them, unless this names the giver's side (then you give them).
    #[arg(long)]
    pub color: Option<Color>,
    /// Morphy's time a move, milliseconds (the default: 1000).
    #[arg(long, group = "limit", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Morphy's search depth a move, plies.
    #[arg(long, group = "limit", value_parser = clap::value_parser!(u32).range(1..=128))]
    pub depth: Option<u32>,
    /// Morphy's nodes a move.
    #[arg(long, group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Play at about this Elo (1200-2600; a node budget and now and then a safe
    /// second-best move), within the time, depth or nodes limit.
    #[arg(long, value_parser = clap::value_parser!(u32).range(i64::from(MIN_ELO)..=i64::from(MAX_ELO)))]
    pub elo: Option<u32>,
    /// The seed of Morphy's choices at --elo: the same seed against the same moves plays
    /// the same game (default: taken from the clock, and shown).
    #[arg(long, requires = "elo")]
    pub seed: Option<u64>,
    /// Drawn games count as won by the odds receiver (Br. VI 1; Staunton I).
    #[arg(long)]
    pub draw_odds: bool,
    /// The giver's conditional mate: none, pawn:SQ, man:SQ or square:SQ, e.g. pawn:e2 (Am. IV 6-8; Staunton odds I).
    #[arg(long, default_value = "none")]
    pub mate_condition: MateCondition,
    /// Odds contempt in centipawns, 0-1000: the giver dislikes draws and exchanges (as UCI `OddsContempt`).
    #[arg(long, default_value_t = ODDS_CONTEMPT.spin().0 as u16, value_parser = clap::value_parser!(u16).range(ODDS_CONTEMPT.spin().1))]
    pub contempt: u16,
    /// Start from this position (FEN) instead of the standard or odds array.
    #[arg(long)]
    pub fen: Option<String>,
    /// Write the game as PGN to this file at the end.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Search threads.
    #[arg(long, default_value_t = THREADS.spin().0 as u16, value_parser = clap::value_parser!(u16).range(THREADS.spin().1))]
    pub threads: u16,
    /// Transposition table, MiB.
    #[arg(long, default_value_t = HASH.spin().0 as u32, value_parser = clap::value_parser!(u32).range(HASH.spin().1))]
    pub hash: u32,
    /// Show moves in san or descriptive notation (any of SAN, UCI, descriptive is read).
    #[arg(long, default_value = "san")]
    pub notation: MoveNotation,
    /// The folder of the games' database, morphy.db, where the game is kept (default:
    /// morphy in the XDG data folder, ~/.local/share/morphy).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Go on with a kept game: the one with this id (or its first characters), or
    /// without one the last unfinished game. The game's own odds, rules, colour and
    /// level are the record's.
    #[arg(
        long,
        value_name = "ID",
        num_args = 0..=1,
        default_missing_value = "",
        conflicts_with_all = [
            "odds", "rules", "color", "elo", "seed", "draw_odds", "mate_condition",
            "contempt", "fen",
        ],
    )]
    pub resume: Option<String>,
    /// Play the game the ladder suggests from your games kept: the odds and Morphy's
    /// level at which you are expected to score about half the points.
    #[arg(long, conflicts_with_all = ["odds", "elo", "seed", "color", "fen", "resume"])]
    pub suggested: bool,
}

/// Runs `morphy play` as `args` ask; the exit code.
pub fn run(args: &PlayArgs) -> u8 {
    let limit = match (args.movetime, args.depth, args.nodes) {
        (_, Some(d), _) => Limit::Depth(d),
        (_, _, Some(n)) => Limit::Nodes(n),
        (t, None, None) => Limit::Movetime(Duration::from_millis(t.unwrap_or(1000))),
    };
    if let Some(id) = &args.resume {
        let id = Some(id.as_str()).filter(|id| !id.is_empty());
        return resume_play(args, id, limit);
    }
    let mut db = None;
    let (mut odds, mut elo) = (args.odds, args.elo);
    if args.suggested {
        let opened = match open(args.data.as_deref()).and_then(|db| db.all().map(|all| (db, all))) {
            Ok(opened) => opened,
            Err(e) => {
                eprintln!("error: no game to suggest: {e}");
                return 1;
            }
        };
        let next = standing(&opened.1).next;
        println!(
            "The suggested game: odds {}, Morphy at {} Elo, where you are expected to score {:.0}%.",
            next.odds.name(),
            next.level,
            100.0 * next.expected
        );
        (odds, elo) = (next.odds, Some(next.level));
        db = Some(opened.0);
    }
    let config = PlayConfig {
        spec: GameSpec {
            rule_set: args.rules,
            odds,
            draw_odds: args.draw_odds,
            mate_condition: args.mate_condition,
            contempt: i32::from(args.contempt),
            ..GameSpec::default()
        },
        color: args.color,
        limit,
        elo,
        seed: elo.map(|_| args.seed.unwrap_or_else(clock_seed)),
        fen: args.fen.clone(),
        pgn: args.pgn.clone(),
        threads: usize::from(args.threads),
        hash_mb: args.hash as usize,
        notation: args.notation,
        interactive: io::stdin().is_terminal(),
    };
    let keep = Keep::New(db.map_or_else(|| open(args.data.as_deref()), Ok));
    play_kept(&config, keep)
}

/// Plays the game of `config`, kept as `keep` says, on the terminal.
fn play_kept(config: &PlayConfig, keep: Keep) -> u8 {
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    match super::run_kept(config, keep, stdin.lock(), &mut stdout) {
        Ok(super::Status::Played) => 0,
        Ok(super::Status::Refused) | Err(_) => 1,
    }
}

/// `play --resume [ID]`: the kept game opened again, played with this run's search.
fn resume_play(args: &PlayArgs, id: Option<&str>, limit: Limit) -> u8 {
    let refused = |e: &dyn std::fmt::Display, code: u8| {
        eprintln!("error: {e}");
        code
    };
    let db = match open(args.data.as_deref()) {
        Ok(db) => db,
        Err(e) => return refused(&e, 1),
    };
    let (id, kept) = match resume::open(&db, id, limit) {
        Ok(found) => found,
        Err(e) => return refused(&e, e.code()),
    };
    let config = PlayConfig {
        limit,
        pgn: args.pgn.clone(),
        threads: usize::from(args.threads),
        hash_mb: args.hash as usize,
        notation: args.notation,
        interactive: io::stdin().is_terminal(),
        ..kept.new.config.clone()
    };
    let keep = Keep::Resumed {
        db,
        id,
        kept: Box::new(kept),
    };
    play_kept(&config, keep)
}

/// A seed for `play --elo` without `--seed`: the clock's microseconds.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64 % 1_000_000)
}
