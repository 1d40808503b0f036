//! What `morphy play` is asked to do ([`PlayConfig`]: the game, a [`GameSpec`], and how
//! Morphy searches) and who plays which side ([`Sides`]).

use std::path::PathBuf;
use std::time::Duration;

use engine::search::{Limits, Strength};
use engine::session::named_giver;
use engine::{Color, GameSpec, MateCondition, OddsGiver, Setup};

use crate::uci::options::{HASH, THREADS};

/// How long or how far Morphy searches each move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Limit {
    /// A fixed time a move.
    Movetime(Duration),
    /// A fixed depth in plies.
    Depth(u32),
    /// About this many nodes.
    Nodes(u64),
}

impl Limit {
    /// The engine's limits for Morphy's own moves.
    pub fn limits(self) -> Limits {
        match self {
            Limit::Movetime(t) => Limits {
                movetime: Some(t),
                ..Limits::default()
            },
            Limit::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            Limit::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
        }
    }

    /// The limits of a hint: at most half a second when searching by time.
    pub fn hint_limits(self) -> Limits {
        match self {
            Limit::Movetime(t) => Limit::Movetime(t.min(Duration::from_millis(500))).limits(),
            other => other.limits(),
        }
    }
}

/// The notation `morphy play` writes moves in (it reads SAN, UCI and descriptive alike).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum MoveNotation {
    /// Standard Algebraic Notation: `Nf3`, `O-O-O`.
    #[default]
    San,
    /// The descriptive notation of the Code's period (Am. I 13): `Kt-KB3`, `Castles QR`.
    Descriptive,
}

engine::named_enum!(
    MoveNotation,
    "notation",
    [San => "san", Descriptive => "descriptive"]
);

/// Everything `morphy play` is asked to do.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// Which game is played: the rule set, the odds and their terms. Its `giver` is
    /// settled by [`sides`] when it is `auto` (see [`PlayConfig::game_spec`]).
    pub spec: GameSpec,
    /// The player's colour, if chosen.
    pub color: Option<Color>,
    /// Morphy's search limit.
    pub limit: Limit,
    /// The strength Morphy plays at, in Elo (`None`: full strength); within the limit.
    pub elo: Option<u32>,
    /// The seed of its choices at that strength (`None`: 0); the same seed against the
    /// same moves plays the same game.
    pub seed: Option<u64>,
    /// The start, if not the standard (or odds) array.
    pub fen: Option<String>,
    /// Where to write the game as PGN at the end.
    pub pgn: Option<PathBuf>,
    /// Search threads.
    pub threads: usize,
    /// Transposition table, MiB.
    pub hash_mb: usize,
    /// The notation moves are shown in (the PGN file is always SAN).
    pub notation: MoveNotation,
    /// Whether a person types at a terminal: then a prompt is shown; otherwise each
    /// line read is echoed after `> `, so that a piped session reads as a transcript.
    pub interactive: bool,
}

impl Default for PlayConfig {
    fn default() -> PlayConfig {
        PlayConfig {
            spec: GameSpec::default(),
            color: None,
            limit: Limit::Movetime(Duration::from_secs(1)),
            elo: None,
            seed: None,
            fen: None,
            pgn: None,
            threads: THREADS.spin().0 as usize,
            hash_mb: HASH.spin().0 as usize,
            notation: MoveNotation::San,
            interactive: false,
        }
    }
}

/// Who plays which side, and who gives the odds.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Sides {
    /// The player's colour.
    pub human: Color,
    /// The side giving the odds (and the odds terms), if any.
    pub giver: Option<Color>,
}

impl Sides {
    /// Morphy's colour.
    pub fn morphy(self) -> Color {
        !self.human
    }
}

impl PlayConfig {
    /// The strength Morphy plays at: `elo` with `seed` (0 if none), or full strength.
    pub fn strength(&self) -> Option<Strength> {
        self.elo.map(|elo| Strength {
            elo,
            seed: self.seed.unwrap_or(0),
        })
    }

    /// Who plays which side: [`sides`], unless the spec names the giver.
    pub fn sides(&self) -> Sides {
        let spec = &self.spec;
        if spec.giver == OddsGiver::Auto {
            let terms = spec.draw_odds || spec.mate_condition != MateCondition::None;
            return sides(self.odds_giver(), self.color, terms);
        }
        let giver = spec.giver();
        Sides {
            human: self.color.unwrap_or(giver.map_or(Color::White, |g| !g)),
            giver,
        }
    }

    /// The side the odds make the giver: the one lacking the odds' men in the `--fen`
    /// start if one does, else the odds' own giver (`engine::rules::start::giver_in`).
    fn odds_giver(&self) -> Option<Color> {
        let start = self
            .fen
            .as_deref()
            .and_then(|fen| Setup::from_fen(fen, self.spec.chess960).ok())
            .unwrap_or_else(|| self.spec.start());
        self.spec.giver_at(&start)
    }

    /// The game played: the spec with its giver named as [`PlayConfig::sides`] settles it.
    pub fn game_spec(&self) -> GameSpec {
        GameSpec {
            giver: named_giver(self.sides().giver),
            ..self.spec
        }
    }
}

/// Who plays what, when the odds make `giver` the giver: with odds the player receives
/// them unless `color` says otherwise; without odds the player is White unless `color`
/// says otherwise, and odds terms given without odds (`terms`: draw odds or a
/// conditional mate) are Morphy's to give.
pub fn sides(giver: Option<Color>, color: Option<Color>, terms: bool) -> Sides {
    if let Some(giver) = giver {
        Sides {
            human: color.unwrap_or(!giver),
            giver: Some(giver),
        }
    } else {
        let human = color.unwrap_or(Color::White);
        Sides {
            human,
            giver: terms.then_some(!human),
        }
    }
}
