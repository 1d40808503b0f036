//! `morphy`: with no subcommand (or `uci`), a UCI server on stdin/stdout; `check` prints
//! the Code's findings on a position; `perft` counts moves; `bench` prints the
//! fixed-position node count; `play` is a game against Morphy on the terminal;
//! `notation` reads and writes the descriptive notation of the Code (Am. I 13); `pgn
//! check` replays the games of a PGN file under the Code; `games` lists, shows, exports
//! and counts the games kept in the games' database.
//!
//! Exit codes of `check`: 0 valid, 1 invalid, 2 usage error (clap's usage errors are 2
//! too); of `play`: 0 after a game, 1 when the start is refused (or, with `--resume`,
//! the database cannot be read or the game replayed), 2 when `--resume` names no game
//! it can go on with; of `games`: 0 done, 1 the database cannot be read, 2 no such game;
//! of `notation`: 0 done,
//! 1 no legal move (or an unreadable game), 2 a bad position or usage; of `pgn check`: 0
//! when every game replays, 1 when a move cannot be played, 2 when the input cannot be
//! read. Nothing here knows chess: it reads arguments and calls the library.

// Only the engine may have `unsafe` (see the workspace's `unsafe_code`); never here.
#![forbid(unsafe_code)]

use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use engine::rules::odds::MULTI_MOVE_TURN_LAW;
use engine::search::{MateCondition, Searcher};
use engine::{DescriptiveError, GameSpec, Odds, OddsGiver, Position, RuleSet, Rules};
use morphy_adapter::games;
use morphy_adapter::notation::{read_game, write_game, Source, Target};
use morphy_adapter::play;
use morphy_adapter::uci::UciServer;
use morphy_adapter::validate::finding::json_string;
use morphy_adapter::validate::{check, Report, Request, Start, Validation};
use morphy_adapter::{bench, pgn_check};

#[derive(Parser)]
#[command(
    name = "morphy",
    version,
    about = "Morphy: a chess engine under the 1897 American Chess Code, and at odds"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The rule-related flags shared by `check` and `perft`.
#[derive(clap::Args)]
struct CodeArgs {
    /// Rule set: american-1897, british-1894, staunton-1910, fide.
    #[arg(long, default_value = "american-1897")]
    rules: RuleSet,
    /// Odds: none, pawn, pawn-and-move, knight, rook, ... (see docs/UCI.md).
    #[arg(long, default_value = "none")]
    odds: Odds,
    /// Read castling letters as X-FEN/Shredder-FEN and castle King-takes-Rook.
    #[arg(long)]
    chess960: bool,
    /// Who gives the odds: auto (the side the start shows without the odds' men), white,
    /// black or none (as UCI `OddsGiver`).
    #[arg(long, default_value = "auto")]
    giver: OddsGiver,
    /// Drawn games count as won by the odds receiver (Br. VI 1; Staunton I).
    #[arg(long)]
    draw_odds: bool,
    /// The giver's conditional mate: none, pawn:SQ, man:SQ or square:SQ (Am. IV 6-8; Staunton odds I).
    #[arg(long, default_value = "none")]
    mate_condition: MateCondition,
}

impl CodeArgs {
    /// The game these flags name.
    fn spec(&self) -> GameSpec {
        GameSpec {
            rule_set: self.rules,
            chess960: self.chess960,
            odds: self.odds,
            giver: self.giver,
            draw_odds: self.draw_odds,
            mate_condition: self.mate_condition,
            ..GameSpec::default()
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (the default).
    Uci,
    /// Print the Code's findings on a position: exit 0 valid, 1 invalid, 2 usage error.
    Check {
        #[command(flatten)]
        code: CodeArgs,
        /// What to do with findings: refuse, flag, off.
        #[arg(long, default_value = "refuse")]
        validation: Validation,
        /// Print one JSON object instead of lines for people.
        #[arg(long)]
        json: bool,
        /// `startpos`, or a FEN (one quoted argument or its fields), then UCI moves
        /// (an optional `moves` word between is skipped). A FEN's `-` fields are values;
        /// a word starting `--` is an option, wherever it stands.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
    },
    /// Count the leaf nodes of the move tree to a depth.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// The position (default: the start, or the odds start).
        #[arg(long)]
        fen: Option<String>,
        #[command(flatten)]
        code: CodeArgs,
        /// Print the count below each move.
        #[arg(long)]
        divide: bool,
    },
    /// Search the fixed bench positions and print the total nodes and nodes/second.
    Bench {
        /// Search depth.
        #[arg(default_value_t = bench::DEFAULT_DEPTH)]
        depth: u32,
        /// Evaluate with the hand-crafted evaluation (UCI `EvalNet false`) instead of the
        /// learned network.
        #[arg(long)]
        hand_crafted: bool,
    },
    /// Play a game against Morphy on the terminal, at odds, under the Code.
    Play(play::cli::PlayArgs),
    /// Read and write moves in the descriptive notation of the Code (Am. I 13).
    Notation {
        #[command(subcommand)]
        action: NotationCommand,
    },
    /// A local web board for playing Morphy at odds: `morphy serve --open`.
    Serve(morphy_adapter::serve::cli::ServeArgs),
    /// The games kept in the games' database: list, show ID, export FILE, stats.
    Games(games::GamesArgs),
    /// PGN tools.
    Pgn {
        #[command(subcommand)]
        command: PgnCommand,
    },
}

/// The start of `morphy notation`: the rule flags and an optional FEN.
#[derive(clap::Args)]
struct NotationStart {
    #[command(flatten)]
    code: CodeArgs,
    /// The position (default: the start, or the odds start).
    #[arg(long)]
    fen: Option<String>,
}

#[derive(Subcommand)]
enum NotationCommand {
    /// Print every legal move (UCI) a descriptive record can express, one a line: exit 0;
    /// 1 when it expresses none; 2 for a bad position. Ambiguity is noted on stderr.
    Read {
        #[command(flatten)]
        start: NotationStart,
        /// The record, e.g. P-K4, "Kt-K B 3", "Castles QR" (several words are joined).
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        record: Vec<String>,
    },
    /// Print the shortest descriptive record naming a UCI move alone: exit 1 if illegal.
    Write {
        #[command(flatten)]
        start: NotationStart,
        /// The move in UCI, e.g. g1f3, e1c1, e7e8q.
        #[arg(allow_hyphen_values = true)]
        uci: String,
    },
    /// Turn a game (PGN movetext, SAN or UCI moves) into a descriptive score, or a
    /// descriptive score into UCI or SAN; reads FILE or stdin.
    Game {
        #[command(flatten)]
        start: NotationStart,
        /// Write descriptive, uci or san (default: descriptive for algebraic input, uci
        /// for a descriptive score).
        #[arg(long)]
        to: Option<Target>,
        /// The file to read (default: stdin).
        file: Option<PathBuf>,
    },
}

/// The subcommands of `morphy pgn`.
#[derive(Subcommand)]
enum PgnCommand {
    /// Replay every game of a PGN file under its Rules and Odds tags: exit 0 if all
    /// replay, 1 if a move cannot be played, 2 if the input cannot be read.
    Check {
        /// The PGN file (`-` for standard input).
        file: PathBuf,
        /// The rule set of games without a Rules tag.
        #[arg(long, default_value = "american-1897")]
        rules: RuleSet,
    },
}

/// Whether a word looks like a UCI move (`e2e4`, `e7e8q`, `0000`).
fn looks_like_move(s: &str) -> bool {
    let b = s.as_bytes();
    s == "0000"
        || ((4..=5).contains(&b.len())
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3]))
}

/// Splits `check`'s words into a start and moves.
fn split_position(words: &[String]) -> (Option<String>, Vec<String>) {
    let mut rest = words.iter().map(String::as_str).peekable();
    let fen = match rest.peek() {
        Some(&"startpos") => {
            rest.next();
            None
        }
        Some(w) if w.contains(' ') => rest.next().map(str::to_string),
        _ => {
            let mut fields = Vec::new();
            while let Some(w) = rest.peek() {
                if fields.len() == 6 || *w == "moves" || (fields.len() >= 4 && looks_like_move(w)) {
                    break;
                }
                fields.push(*w);
                rest.next();
            }
            Some(fields.join(" "))
        }
    };
    let moves = rest.filter(|w| *w != "moves").map(str::to_string).collect();
    (fen, moves)
}

fn print_report(report: &Report, rules: Rules, odds: Odds, json: bool) {
    let fen = report.game.as_ref().map(|g| g.current().fen());
    if json {
        let findings: Vec<String> = report
            .findings
            .iter()
            .map(morphy_adapter::validate::Finding::to_json)
            .collect();
        println!(
            "{{\"valid\":{},\"rules\":{},\"odds\":{},\"fen\":{},\"findings\":[{}]}}",
            !report.is_refused(),
            json_string(rules.set.name()),
            json_string(odds.name()),
            fen.as_deref()
                .map_or_else(|| "null".to_string(), json_string),
            findings.join(",")
        );
        return;
    }
    for f in &report.findings {
        println!("{}: {f}", f.severity.word());
    }
    match fen {
        Some(fen) => println!("valid: {fen}"),
        None => println!("invalid"),
    }
}

fn run_check(code: &CodeArgs, validation: Validation, json: bool, words: &[String]) -> ExitCode {
    let (fen, moves) = split_position(words);
    let start = fen.as_deref().map_or(Start::Standard, Start::Fen);
    let spec = code.spec();
    let report = check(&Request {
        start,
        moves: &moves,
        spec,
        mode: validation,
    });
    print_report(&report, spec.rules(), spec.odds, json);
    if report.is_refused() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The position a command works in (the FEN, or the start of the odds), read as the
/// engine needs it (`Validation off`); when it cannot be played, the findings on stderr
/// and `Err(exit)`.
fn start_position(code: &CodeArgs, fen: Option<&str>, exit: u8) -> Result<Position, ExitCode> {
    let report = check(&Request {
        start: fen.map_or(Start::Standard, Start::Fen),
        moves: &[],
        spec: code.spec(),
        mode: Validation::Off,
    });
    let Some(game) = report.game else {
        for f in &report.findings {
            eprintln!("{}: {f}", f.severity.word());
        }
        return Err(ExitCode::from(exit));
    };
    Ok(game.current().clone())
}

fn run_perft(depth: u32, fen: Option<&str>, code: &CodeArgs, divide: bool) -> ExitCode {
    let pos = match start_position(code, fen, 1) {
        Ok(pos) => pos,
        Err(exit) => return exit,
    };
    let start = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (mv, n) in perft::divide(&pos, depth) {
            println!("{}: {n}", pos.uci_move(mv));
            total += n;
        }
        println!();
        total
    } else {
        perft::perft(&pos, depth)
    };
    let ms = start.elapsed().as_millis().max(1) as u64;
    println!("Nodes searched: {nodes}");
    println!("Time (ms): {ms}");
    println!("Nodes/second: {}", nodes.saturating_mul(1000) / ms);
    ExitCode::SUCCESS
}

/// The line `morphy` prints when it starts as a UCI server.
const BANNER: &str = concat!(
    "Morphy ",
    env!("CARGO_PKG_VERSION"),
    ", a chess engine for games at odds by the American Chess Code of 1897 (UCI; 'morphy --help' lists the other commands)"
);

/// The position `morphy notation` works in; on a bad FEN or position, the findings on
/// stderr and exit code 2.
fn notation_start(start: &NotationStart) -> Result<Position, ExitCode> {
    start_position(&start.code, start.fen.as_deref(), 2)
}

fn run_notation(action: NotationCommand) -> ExitCode {
    match action {
        NotationCommand::Read { start, record } => {
            let pos = match notation_start(&start) {
                Ok(pos) => pos,
                Err(code) => return code,
            };
            let text = record.join(" ");
            match pos.read_descriptive(&text) {
                Ok(moves) => {
                    for mv in &moves {
                        println!("{}", pos.uci_move(*mv));
                    }
                    if let Err(e @ DescriptiveError::Ambiguous { .. }) =
                        pos.parse_descriptive(&text)
                    {
                        eprintln!("ambiguous: {e}");
                    }
                    ExitCode::SUCCESS
                }
                Err(e) if pos.in_multi_move_turn() => {
                    eprintln!("error: {e}; {MULTI_MOVE_TURN_LAW}");
                    ExitCode::from(1)
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        NotationCommand::Write { start, uci } => {
            let pos = match notation_start(&start) {
                Ok(pos) => pos,
                Err(code) => return code,
            };
            match pos.parse_uci_move(&uci) {
                Ok(mv) => {
                    println!("{}", pos.descriptive(mv));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        NotationCommand::Game { start, to, file } => {
            let pos = match notation_start(&start) {
                Ok(pos) => pos,
                Err(code) => return code,
            };
            let text = match &file {
                Some(path) if path.as_os_str() != "-" => std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display())),
                _ => io::read_to_string(io::stdin()).map_err(|e| format!("cannot read stdin: {e}")),
            };
            let text = match text {
                Ok(text) => text,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            match read_game(&pos, &text) {
                Ok((game, source)) => {
                    let target = to.unwrap_or(match source {
                        Source::Algebraic => Target::Descriptive,
                        Source::Descriptive => Target::Uci,
                    });
                    println!("{}", write_game(&game, target));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
    }
}

fn run_pgn_check(file: &Path, rules: RuleSet) -> ExitCode {
    let read = if file == Path::new("-") {
        io::read_to_string(io::stdin())
    } else {
        std::fs::read_to_string(file)
    };
    let text = match read {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let checks = match pgn_check::check_text(&text, rules) {
        Ok(checks) => checks,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    for c in &checks {
        println!("{c}");
    }
    println!("{}", pgn_check::summary(&checks));
    ExitCode::from(pgn_check::exit_code(&checks))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None | Some(Command::Uci) => {
            // One line of greeting, as Stockfish prints; GUIs ignore it.
            println!("{BANNER}");
            let stdin = io::stdin();
            let mut server: UciServer<Searcher> = UciServer::new();
            server.run(BufReader::new(stdin.lock()), io::stdout());
            let _ = io::stdout().flush();
            ExitCode::SUCCESS
        }
        Some(Command::Check {
            code,
            validation,
            json,
            position,
        }) => run_check(&code, validation, json, &position),
        Some(Command::Perft {
            depth,
            fen,
            code,
            divide,
        }) => run_perft(depth, fen.as_deref(), &code, divide),
        Some(Command::Bench {
            depth,
            hand_crafted,
        }) => {
            let mut searcher = Searcher::new();
            searcher.set_eval_net(!hand_crafted);
            let result = bench::run(&mut searcher, depth.max(1));
            println!("{result}");
            ExitCode::SUCCESS
        }
        Some(Command::Play(args)) => ExitCode::from(play::cli::run(&args)),
        Some(Command::Serve(args)) => match morphy_adapter::serve::run(&args.config()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(1)
            }
        },
        Some(Command::Notation { action }) => run_notation(action),
        Some(Command::Games(args)) => ExitCode::from(games::cli::run(&args)),
        Some(Command::Pgn {
            command: PgnCommand::Check { file, rules },
        }) => run_pgn_check(&file, rules),
    }
}
