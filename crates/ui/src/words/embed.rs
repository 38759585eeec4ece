//! The words an embedded board says to its page's author about options it
//! could not use (attribute names and values are the same in every
//! language), and when it could not start.

use crate::lang::T;

/// Attribute `{0}`'s value `{1}` is not one of `{2}`.
pub const NOT_ONE_OF: T = t!["The {0} attribute \"{1}\" is not one of {2}; it is ignored."];
/// `computer` given outside play mode.
pub const COMPUTER_NOT_IN_PLAY: T = t!["The computer only plays in mode=\"play\"; it is ignored."];
/// `{0}` is no option (`{1}` the options).
pub const NOT_AN_OPTION: T = t!["\"{0}\" is not an option (they are {1}); it is ignored."];
/// Option `{0}` has a bad `%` escape.
pub const GARBLED: T = t!["The {0} option is garbled (a bad % escape); it is ignored."];
/// The board could not be built; `{0}` is the browser's reason.
pub const COULD_NOT_START: T = t!["This board could not start ({0})."];
