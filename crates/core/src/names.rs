//! Small enums named by fixed words in rule sets and protocols.
//!
//! [`named_enum!`] gives each such enum the same shape: `ALL`, `name()`,
//! `Display` and a `FromStr` whose error lists the accepted words.

use std::fmt;

/// The text is not one of the accepted words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being read, like `board`.
    pub what: &'static str,
    /// The text found.
    pub found: String,
    /// Every accepted word.
    pub expected: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (expected {})",
            self.what,
            self.found,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// Declares a `Copy` enum whose variants are named by words.
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident as $what:literal {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];
            /// The word for every value, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text,)+];

            /// The word naming this value.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::names::UnknownName;
            fn from_str(s: &str) -> Result<$name, $crate::names::UnknownName> {
                $name::ALL.iter().copied().find(|v| v.name() == s).ok_or_else(|| {
                    $crate::names::UnknownName {
                        what: $what,
                        found: s.to_owned(),
                        expected: $name::NAMES,
                    }
                })
            }
        }
    };
}

pub(crate) use named_enum;
