//! The words an embedded board says to its page's author about options it
//! could not use (attribute names and values are the same in every
//! language), and when it could not start.

use crate::lang::T;

/// Attribute `{0}`'s value `{1}` is not one of `{2}`.
pub const NOT_ONE_OF: T = t![
    "The {0} attribute \"{1}\" is not one of {2}; it is ignored.",
    "L’attribut {0} «\u{a0}{1}\u{a0}» n’est pas l’une des valeurs {2}\u{a0}; il est ignoré.",
    "Das Attribut {0} „{1}“ ist keiner der Werte {2}; es wird ignoriert.",
    "El atributo {0} «{1}» no es uno de los valores {2}; se ignora.",
];
/// `computer` given outside play mode.
pub const COMPUTER_NOT_IN_PLAY: T = t![
    "The computer only plays in mode=\"play\"; it is ignored.",
    "L’ordinateur ne joue qu’avec mode=\"play\"\u{a0}; il est ignoré.",
    "Der Computer spielt nur mit mode=\"play\"; das wird ignoriert.",
    "El ordenador solo juega con mode=\"play\"; se ignora.",
];
/// `{0}` is no option (`{1}` the options).
pub const NOT_AN_OPTION: T = t![
    "\"{0}\" is not an option (they are {1}); it is ignored.",
    "«\u{a0}{0}\u{a0}» n’est pas une option (ce sont {1})\u{a0}; elle est ignorée.",
    "„{0}“ ist keine Option (es gibt {1}); sie wird ignoriert.",
    "«{0}» no es una opción (son {1}); se ignora.",
];
/// Option `{0}` has a bad `%` escape.
pub const GARBLED: T = t![
    "The {0} option is garbled (a bad % escape); it is ignored.",
    "L’option {0} est illisible (un échappement % invalide)\u{a0}; elle est ignorée.",
    "Die Option {0} ist verstümmelt (ein fehlerhaftes %-Zeichen); sie wird ignoriert.",
    "La opción {0} está dañada (un escape % erróneo); se ignora.",
];
/// The board could not be built; `{0}` is the browser's reason.
pub const COULD_NOT_START: T = t![
    "This board could not start ({0}).",
    "Ce plateau n’a pas pu démarrer ({0}).",
    "Dieses Brett konnte nicht starten ({0}).",
    "Este tablero no pudo ponerse en marcha ({0}).",
];
