//! Where each weight of [`Params::to_vec`] lives: constant-time access by index, names
//! for reports, which weights the gradient tuner leaves alone, and the Rust text of a
//! `Params` value in the layout of `DEFAULT` in `engine/src/eval/params.rs` (and the
//! rewriting of that block in place). The tests tie this layout to `to_vec`.
//!
//! The evaluation itself is not read here: only the shape of [`Params`].

use engine::eval::{Params, S};

/// One field of [`Params`], in `visit_mut` order.
struct Field {
    name: &'static str,
    /// Entries (a `[S; 8]` has 8; a `[[S; 8]; 6]` has 48).
    len: usize,
    /// Whether each entry is a middlegame/endgame pair (`S`) or a single `i32`.
    pair: bool,
}

const fn field(name: &'static str, len: usize, pair: bool) -> Field {
    Field { name, len, pair }
}

/// Every weight-carrying field, in the order of [`Params::visit_mut`].
const FIELDS: [Field; 34] = [
    field("material", 6, true),
    field("file", 48, true),
    field("rank", 48, true),
    field("mobility", 6, true),
    field("passed", 8, true),
    field("passed_free", 8, true),
    field("connected", 8, true),
    field("passed_enemy_king", 8, false),
    field("passed_own_king", 8, false),
    field("king_attack_weight", 6, false),
    field("shield", 2, true),
    field("isolated", 1, true),
    field("doubled", 1, true),
    field("backward", 1, true),
    field("king_open_file", 1, true),
    field("threat_by_pawn", 1, true),
    field("threat_by_minor", 1, true),
    field("threat_by_rook", 1, true),
    field("hanging", 1, true),
    field("bishop_pair", 1, true),
    field("rook_open", 1, true),
    field("rook_semi_open", 1, true),
    field("tempo", 1, true),
    field("knight_mobility", 9, true),
    field("bishop_mobility", 14, true),
    field("rook_mobility", 15, true),
    field("safe_check", 4, true),
    field("weak_king_zone", 1, true),
    field("outpost", 2, true),
    field("minor_behind_pawn", 1, true),
    field("bishop_pawns", 1, true),
    field("rook_seventh", 1, true),
    field("pawn_push_threat", 1, true),
    field("threat_by_king", 1, true),
];

/// The number of weights in [`Params::to_vec`].
pub const COUNT: usize = count();

const fn count() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < FIELDS.len() {
        n += FIELDS[i].len * if FIELDS[i].pair { 2 } else { 1 };
        i += 1;
    }
    n
}

/// (field, entry, component) of weight `i`; the component is 0 (middlegame or single)
/// or 1 (endgame).
fn locate(mut i: usize) -> (usize, usize, usize) {
    for (f, field) in FIELDS.iter().enumerate() {
        let width = if field.pair { 2 } else { 1 };
        if i < field.len * width {
            return (f, i / width, i % width);
        }
        i -= field.len * width;
    }
    panic!("weight index out of range");
}

/// Weight `i` (in [`Params::to_vec`] order) of `p`, in constant time.
///
/// # Panics
/// When `i >= COUNT`.
pub fn weight_mut(p: &mut Params, i: usize) -> &mut i32 {
    let (f, e, c) = locate(i);
    let s: &mut S = match f {
        0 => &mut p.material[e],
        1 => &mut p.file[e / 8][e % 8],
        2 => &mut p.rank[e / 8][e % 8],
        3 => &mut p.mobility[e],
        4 => &mut p.passed[e],
        5 => &mut p.passed_free[e],
        6 => &mut p.connected[e],
        7 => return &mut p.passed_enemy_king[e],
        8 => return &mut p.passed_own_king[e],
        9 => return &mut p.king_attack_weight[e],
        10 => &mut p.shield[e],
        11 => &mut p.isolated,
        12 => &mut p.doubled,
        13 => &mut p.backward,
        14 => &mut p.king_open_file,
        15 => &mut p.threat_by_pawn,
        16 => &mut p.threat_by_minor,
        17 => &mut p.threat_by_rook,
        18 => &mut p.hanging,
        19 => &mut p.bishop_pair,
        20 => &mut p.rook_open,
        21 => &mut p.rook_semi_open,
        22 => &mut p.tempo,
        23 => &mut p.knight_mobility[e],
        24 => &mut p.bishop_mobility[e],
        25 => &mut p.rook_mobility[e],
        26 => &mut p.safe_check[e],
        27 => &mut p.weak_king_zone,
        28 => &mut p.outpost[e],
        29 => &mut p.minor_behind_pawn,
        30 => &mut p.bishop_pawns,
        31 => &mut p.rook_seventh,
        32 => &mut p.pawn_push_threat,
        _ => &mut p.threat_by_king,
    };
    if c == 0 {
        &mut s.0
    } else {
        &mut s.1
    }
}

/// A readable name of weight `i`, such as `file[1][3].mg` or `passed_own_king[5]`.
pub fn name(i: usize) -> String {
    let (f, e, c) = locate(i);
    let field = &FIELDS[f];
    let entry = match (field.name, field.len) {
        ("file" | "rank", _) => format!("[{}][{}]", e / 8, e % 8),
        (_, 1) => String::new(),
        _ => format!("[{e}]"),
    };
    let half = match (field.pair, c) {
        (false, _) => "",
        (true, 0) => ".mg",
        (true, _) => ".eg",
    };
    format!("{}{entry}{half}", field.name)
}

/// The tables smoothed by the tuner's `--smooth` penalty: the mobility tables, indexed by
/// the number of squares counted, whose rarest (highest) entries are fitted from few
/// positions.
const SMOOTHED: [&str; 3] = ["knight_mobility", "bishop_mobility", "rook_mobility"];

/// The weight indices of each smoothed table, one run per table and component (the
/// middlegame entries of a table in order, then its endgame entries), found by
/// [`locate`] so that the layout has one source.
pub fn smoothed_runs() -> Vec<Vec<usize>> {
    let mut runs = Vec::new();
    for (f, field) in FIELDS.iter().enumerate() {
        if !SMOOTHED.contains(&field.name) {
            continue;
        }
        for c in 0..if field.pair { 2 } else { 1 } {
            runs.push(
                (0..COUNT)
                    .filter(|&i| matches!(locate(i), (g, _, h) if g == f && h == c))
                    .collect(),
            );
        }
    }
    runs
}

/// Whether weight `i` is one of the King attack weights, which enter the evaluation
/// squared (the danger term), so that a linear model holds only near its point.
pub fn is_king_attack(i: usize) -> bool {
    FIELDS[locate(i).0].name == "king_attack_weight"
}

/// The weights the gradient tuner may move: all but the King's material (unused by the
/// evaluation, and the scale of everything else) and, unless `king_attack` is set, the
/// King attack weights (not linear). Weights the evaluation never reads (Pawns on the
/// first rank, the King's mobility …) are included but get no gradient.
pub fn tunable(king_attack: bool) -> Vec<usize> {
    (0..COUNT)
        .filter(|&i| {
            let (f, e, _) = locate(i);
            let king_material = FIELDS[f].name == "material" && e == 5;
            !king_material && (king_attack || !is_king_attack(i))
        })
        .collect()
}

fn s(v: S) -> String {
    format!("S({}, {})", v.0, v.1)
}

fn list<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
    let parts: Vec<String> = items.iter().map(show).collect();
    format!("[{}]", parts.join(", "))
}

/// `p` as the Rust text of the `DEFAULT` block of `engine/src/eval/params.rs`, from
/// `pub const DEFAULT` to the closing `};` and its newline, laid out as that block is.
pub fn rust_default(p: &Params) -> String {
    let table = |t: &[[S; 8]; 6]| {
        let rows: Vec<String> = t
            .iter()
            .map(|row| format!("        {},\n", list(row, |v| s(*v))))
            .collect();
        format!("[\n{}    ]", rows.concat())
    };
    let ints = |v: &[i32]| list(v, i32::to_string);
    let pairs = |v: &[S]| list(v, |x| s(*x));
    let lines = [
        ("material", pairs(&p.material)),
        ("file", table(&p.file)),
        ("rank", table(&p.rank)),
        ("mobility", pairs(&p.mobility)),
        ("mobility_base", ints(&p.mobility_base)),
        ("passed", pairs(&p.passed)),
        ("passed_free", pairs(&p.passed_free)),
        ("passed_enemy_king", ints(&p.passed_enemy_king)),
        ("passed_own_king", ints(&p.passed_own_king)),
        ("isolated", s(p.isolated)),
        ("doubled", s(p.doubled)),
        ("backward", s(p.backward)),
        ("connected", pairs(&p.connected)),
        ("king_attack_weight", ints(&p.king_attack_weight)),
        ("shield", pairs(&p.shield)),
        ("king_open_file", s(p.king_open_file)),
        ("threat_by_pawn", s(p.threat_by_pawn)),
        ("threat_by_minor", s(p.threat_by_minor)),
        ("threat_by_rook", s(p.threat_by_rook)),
        ("hanging", s(p.hanging)),
        ("bishop_pair", s(p.bishop_pair)),
        ("rook_open", s(p.rook_open)),
        ("rook_semi_open", s(p.rook_semi_open)),
        ("tempo", s(p.tempo)),
        ("knight_mobility", pairs(&p.knight_mobility)),
        ("bishop_mobility", pairs(&p.bishop_mobility)),
        ("rook_mobility", pairs(&p.rook_mobility)),
        ("safe_check", pairs(&p.safe_check)),
        ("weak_king_zone", s(p.weak_king_zone)),
        ("outpost", pairs(&p.outpost)),
        ("minor_behind_pawn", s(p.minor_behind_pawn)),
        ("bishop_pawns", s(p.bishop_pawns)),
        ("rook_seventh", s(p.rook_seventh)),
        ("pawn_push_threat", s(p.pawn_push_threat)),
        ("threat_by_king", s(p.threat_by_king)),
    ];
    let body: Vec<String> = lines
        .iter()
        .map(|(name, value)| format!("    {name}: {value},\n"))
        .collect();
    format!("{DEFAULT_START}{}}};\n", body.concat())
}

/// The first line of the block that [`replace_default`] rewrites.
const DEFAULT_START: &str = "pub const DEFAULT: Params = Params {\n";

/// The byte range of the `DEFAULT` block in the text of `params.rs`: from its first
/// line to the end of the first line after it that is exactly `};`.
fn default_block(source: &str) -> Option<std::ops::Range<usize>> {
    let start = source.find(DEFAULT_START)?;
    let body = start + DEFAULT_START.len();
    let end = body + source[body..].find("\n};\n")? + "\n};\n".len();
    Some(start..end)
}

/// The text of `params.rs` with only its `DEFAULT` block replaced by `p`.
pub fn replace_default(source: &str, p: &Params) -> Option<String> {
    let range = default_block(source)?;
    Some(format!(
        "{}{}{}",
        &source[..range.start],
        rust_default(p),
        &source[range.end..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::eval::DEFAULT;

    const PARAMS_RS: &str = include_str!("../../engine/src/eval/params.rs");

    #[test]
    fn layout_agrees_with_to_vec() {
        assert_eq!(DEFAULT.to_vec().len(), COUNT);
        let numbered: Vec<i32> = (0..COUNT as i32).collect();
        let mut p = DEFAULT.with_values(&numbered);
        for i in 0..COUNT {
            assert_eq!(*weight_mut(&mut p, i), i as i32, "weight {i} ({})", name(i));
        }
        assert_eq!(name(0), "material[0].mg");
        assert_eq!(name(12 + 2 * 9 + 1), "file[1][1].eg");
        assert_eq!(name(COUNT - 1), "threat_by_king.eg");
        let ka = (0..COUNT).filter(|&i| is_king_attack(i)).count();
        assert_eq!(tunable(false).len(), COUNT - 2 - ka);
        assert_eq!(tunable(true).len(), COUNT - 2);
    }

    #[test]
    fn smoothed_runs_are_the_mobility_tables_by_component() {
        let runs = smoothed_runs();
        let tables = [("knight", 9), ("bishop", 14), ("rook", 15)];
        assert_eq!(runs.len(), 2 * tables.len());
        for (t, (piece, len)) in tables.iter().enumerate() {
            for (c, half) in ["mg", "eg"].iter().enumerate() {
                let run = &runs[2 * t + c];
                assert_eq!(run.len(), *len, "{piece} {half}");
                for (e, &i) in run.iter().enumerate() {
                    assert_eq!(name(i), format!("{piece}_mobility[{e}].{half}"));
                }
            }
        }
    }

    #[test]
    fn default_prints_exactly_as_written_in_params_rs() {
        let range = default_block(PARAMS_RS).expect("DEFAULT block");
        assert_eq!(rust_default(&DEFAULT), PARAMS_RS[range]);
        assert_eq!(replace_default(PARAMS_RS, &DEFAULT).unwrap(), PARAMS_RS);
    }

    #[test]
    fn replacing_default_changes_only_that_block() {
        let mut p = DEFAULT.clone();
        p.tempo = S(-3, 77);
        let new = replace_default(PARAMS_RS, &p).unwrap();
        assert!(new.contains("    tempo: S(-3, 77),\n"));
        let changed = PARAMS_RS
            .lines()
            .zip(new.lines())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(changed, 1);
        assert_eq!(PARAMS_RS.lines().count(), new.lines().count());
    }
}
