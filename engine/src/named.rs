//! One way to name and parse the small enums (rule sets, odds, who gives them, validation
//! modes …): each lists its values and their names once, and gets `Display`, `FromStr`
//! and an error that lists the known names from [`named_enum!`](crate::named_enum).

use std::fmt;

/// An enum whose every value has one name, as written in options and on command lines.
pub trait Named: Copy + Eq + 'static {
    /// What the values are, in words (`"rule set"`), for error messages.
    const WHAT: &'static str;
    /// Every value, the default first.
    const ALL: &'static [Self];
    /// The name of this value.
    fn name(self) -> &'static str;

    /// Every name, in the order of [`Named::ALL`].
    fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|v| v.name()).collect()
    }

    /// The value with this name (case and surrounding blanks ignored).
    fn parse_name(s: &str) -> Result<Self, UnknownName> {
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownName {
                what: Self::WHAT,
                given: s.to_string(),
                known: Self::names(),
            })
    }
}

/// A name that is none of the known ones; the message lists them.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct UnknownName {
    /// What was being named (`"rule set"`).
    pub what: &'static str,
    /// The name given.
    pub given: String,
    /// The known names.
    pub known: Vec<&'static str>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (known: {})",
            self.what,
            self.given,
            self.known.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// Implements, from one table of an enum's values and names: the inherent `ALL` (every
/// value, the default first) and `name`, [`Named`], `Display` and `FromStr`.
///
/// ```
/// #[derive(Copy, Clone, Debug, Eq, PartialEq)]
/// enum Side { Left, Right }
/// engine::named_enum!(Side, "side", [Left => "left", Right => "right"]);
/// assert_eq!(Side::ALL, [Side::Left, Side::Right]);
/// assert_eq!("RIGHT".parse::<Side>(), Ok(Side::Right));
/// assert_eq!(Side::Left.to_string(), "left");
/// assert_eq!("up".parse::<Side>().unwrap_err().to_string(), "unknown side 'up' (known: left, right)");
/// ```
#[macro_export]
macro_rules! named_enum {
    ($ty:ident, $what:expr, [$($value:ident => $name:expr),+ $(,)?]) => {
        impl $ty {
            /// Every value, the default first.
            pub const ALL: [$ty; [$(stringify!($value)),+].len()] = [$($ty::$value),+];

            /// The name used in options and on the command line.
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$value => $name),+
                }
            }
        }
        impl $crate::named::Named for $ty {
            const WHAT: &'static str = $what;
            const ALL: &'static [Self] = &$ty::ALL;
            fn name(self) -> &'static str {
                $ty::name(self)
            }
        }
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($ty::name(*self))
            }
        }
        impl ::std::str::FromStr for $ty {
            type Err = $crate::named::UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <$ty as $crate::named::Named>::parse_name(s)
            }
        }
    };
}
