//! The words written in the page's markup (index.html and the embedded
//! board's template in www/asalto-board.js): an element with
//! `data-t="key"` gets every row of [`PAGE`] with that key.

use crate::lang::T;

/// Where a row of [`PAGE`] goes on its element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The element's text.
    Text,
    /// Its `title` (a tooltip).
    Title,
    /// Its `aria-label`.
    Label,
}

impl Slot {
    /// The attribute the words go in; `None` for the element's text.
    pub fn attribute(self) -> Option<&'static str> {
        match self {
            Slot::Text => None,
            Slot::Title => Some("title"),
            Slot::Label => Some("aria-label"),
        }
    }
}

/// Every word of the markup: key, where it goes, the words.
pub const PAGE: &[(&str, Slot, T)] = &[
    (
        "new",
        Slot::Text,
        t![
            "New game",
            "Nouvelle partie",
            "Neue Partie",
            "Nueva partida",
        ],
    ),
    (
        "undo",
        Slot::Text,
        t!["Undo", "Reprendre", "Zurück", "Deshacer"],
    ),
    (
        "undo",
        Slot::Title,
        t![
            "Undo (←)",
            "Reprendre le coup (←)",
            "Zug zurücknehmen (←)",
            "Deshacer (←)",
        ],
    ),
    ("redo", Slot::Text, t!["Redo", "Rejouer", "Vor", "Rehacer"]),
    (
        "redo",
        Slot::Title,
        t![
            "Redo (→)",
            "Rejouer le coup (→)",
            "Zug wiederholen (→)",
            "Rehacer (→)",
        ],
    ),
    ("back", Slot::Text, t!["Back", "Reculer", "Zurück", "Atrás"]),
    (
        "back",
        Slot::Title,
        t![
            "The move before (←)",
            "Le coup précédent (←)",
            "Der vorige Zug (←)",
            "La jugada anterior (←)",
        ],
    ),
    (
        "forward",
        Slot::Text,
        t!["Forward", "Avancer", "Weiter", "Adelante"],
    ),
    (
        "forward",
        Slot::Title,
        t![
            "The move after (→)",
            "Le coup suivant (→)",
            "Der nächste Zug (→)",
            "La jugada siguiente (→)",
        ],
    ),
    (
        "first",
        Slot::Text,
        t!["Start", "Début", "Anfang", "Inicio"],
    ),
    (
        "first",
        Slot::Title,
        t![
            "The start (Home)",
            "Le début (Début)",
            "Der Anfang (Pos1)",
            "El inicio (Inicio)",
        ],
    ),
    ("last", Slot::Text, t!["End", "Fin", "Ende", "Final"]),
    (
        "last",
        Slot::Title,
        t![
            "The last move (End)",
            "Le dernier coup (Fin)",
            "Der letzte Zug (Ende)",
            "La última jugada (Fin)",
        ],
    ),
    (
        "flip",
        Slot::Text,
        t!["Flip", "Retourner", "Drehen", "Girar"],
    ),
    (
        "flip",
        Slot::Title,
        t![
            "Turn the board round",
            "Retourner le plateau",
            "Das Brett umdrehen",
            "Dar la vuelta al tablero",
        ],
    ),
    (
        "share",
        Slot::Text,
        t!["Share", "Partager", "Teilen", "Compartir"],
    ),
    (
        "share",
        Slot::Title,
        t![
            "Copy a link to this game",
            "Copier un lien vers cette partie",
            "Einen Link zu dieser Partie kopieren",
            "Copiar un enlace a esta partida",
        ],
    ),
    (
        "rules",
        Slot::Text,
        t!["Rules", "Règles", "Regeln", "Reglas"],
    ),
    (
        "rules",
        Slot::Title,
        t![
            "The rules of this game and their sources",
            "Les règles de cette partie et leurs sources",
            "Die Regeln dieser Partie und ihre Quellen",
            "Las reglas de esta partida y sus fuentes",
        ],
    ),
    (
        "stop",
        Slot::Text,
        t!["Stop here", "S’arrêter ici", "Hier anhalten", "Parar aquí"],
    ),
    ("hint", Slot::Text, t!["Hint", "Conseil", "Tipp", "Pista"]),
    (
        "hint",
        Slot::Title,
        t![
            "The computer suggests a move",
            "L’ordinateur propose un coup",
            "Der Computer schlägt einen Zug vor",
            "El ordenador propone una jugada",
        ],
    ),
    (
        "move-now",
        Slot::Text,
        t!["Move now", "Jouer maintenant", "Jetzt ziehen", "Mover ya"],
    ),
    (
        "board",
        Slot::Label,
        t![
            "The board; the status line and the move list describe the game",
            "Le plateau\u{a0}; la ligne d’état et la liste des coups décrivent la partie",
            "Das Brett; die Statuszeile und die Zugliste beschreiben die Partie",
            "El tablero; la línea de estado y la lista de jugadas describen la partida",
        ],
    ),
    (
        "points",
        Slot::Label,
        t![
            "Points of the board",
            "Points du plateau",
            "Punkte des Bretts",
            "Puntos del tablero",
        ],
    ),
    (
        "game",
        Slot::Label,
        t!["Game", "Partie", "Partie", "Partida"],
    ),
    (
        "options",
        Slot::Label,
        t![
            "Display, sound and language",
            "Affichage, son et langue",
            "Anzeige, Ton und Sprache",
            "Pantalla, sonido e idioma",
        ],
    ),
    (
        "coordinates",
        Slot::Text,
        t!["Coordinates", "Coordonnées", "Koordinaten", "Coordenadas"],
    ),
    (
        "contrast",
        Slot::Text,
        t![
            "High contrast",
            "Contraste élevé",
            "Hoher Kontrast",
            "Alto contraste",
        ],
    ),
    ("sound", Slot::Text, t!["Sounds", "Sons", "Töne", "Sonidos"]),
    (
        "language",
        Slot::Text,
        t!["Language", "Langue", "Sprache", "Idioma"],
    ),
    (
        "moves-heading",
        Slot::Text,
        t!["Moves", "Coups", "Züge", "Jugadas"],
    ),
    (
        "moves",
        Slot::Label,
        t!["Moves", "Coups", "Züge", "Jugadas"],
    ),
    (
        "rules-title",
        Slot::Text,
        t!["Rules", "Règles", "Regeln", "Reglas"],
    ),
    (
        "close",
        Slot::Text,
        t!["Close", "Fermer", "Schließen", "Cerrar"],
    ),
];

/// The game page's title.
pub const TITLE: T = t![
    "Asalto — the siege game",
    "Asalto — le jeu de siège",
    "Asalto — das Belagerungsspiel",
    "Asalto — el juego de asedio",
];
/// The Pause button while the computer plays.
pub const PAUSE: T = t!["Pause", "Pause", "Pause", "Pausa"];
/// The Pause button while the computer is paused.
pub const RESUME: T = t!["Resume", "Continuer", "Fortsetzen", "Reanudar"];

#[cfg(test)]
mod tests {
    use super::*;

    /// The markup of the game page and of the embedded board.
    const MARKUP: [&str; 2] = [
        include_str!("../../../../index.html"),
        include_str!("../../../../www/asalto-board.js"),
    ];

    fn keys(markup: &str) -> Vec<&str> {
        markup
            .split("data-t=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect()
    }

    /// What the markup itself says in `slot` of each element with
    /// `data-t="key"`: (key, slot, words); `None` where it says nothing.
    fn said(markup: &str) -> Vec<(&str, Slot, Option<&str>)> {
        let mut found = Vec::new();
        for rest in markup.split("data-t=\"").skip(1) {
            let Some((key, rest)) = rest.split_once('"') else {
                continue;
            };
            let Some((tag, after)) = rest.split_once('>') else {
                continue;
            };
            let attribute = |name: &str| {
                let (_, value) = tag.split_once(&format!("{name}=\""))?;
                value.split('"').next()
            };
            let text = after.split('<').next().filter(|t| !t.trim().is_empty());
            found.push((key, Slot::Text, text));
            found.push((key, Slot::Title, attribute("title")));
            found.push((key, Slot::Label, attribute("aria-label")));
        }
        found
    }

    #[test]
    fn the_markup_says_the_english_words() {
        // The game page's first module speaks English and leaves the
        // markup's words as they are: they must be the English ones.
        for markup in MARKUP {
            for (key, slot, words) in said(markup) {
                let english = PAGE
                    .iter()
                    .find(|(k, s, _)| *k == key && *s == slot)
                    .map(|(_, _, t)| t[0]);
                if let Some(english) = english {
                    assert_eq!(words, Some(english), "{key} {slot:?}");
                }
            }
        }
    }

    #[test]
    fn every_key_of_the_markup_has_words_and_every_word_a_place() {
        for markup in MARKUP {
            for key in keys(markup) {
                assert!(PAGE.iter().any(|(k, _, _)| *k == key), "{key}");
            }
        }
        // Back and forward are set by the embedded board in replay mode.
        let used = |key: &str| {
            ["back", "forward"].contains(&key) || MARKUP.iter().any(|m| keys(m).contains(&key))
        };
        for (key, _, _) in PAGE {
            assert!(used(key), "{key} is on no element");
        }
        // One row for each key and slot.
        for (key, slot, _) in PAGE {
            let twice = PAGE
                .iter()
                .filter(|(k, s, _)| k == key && s == slot)
                .count();
            assert_eq!(twice, 1, "{key}");
        }
    }

    #[test]
    fn the_page_and_the_embedded_board_have_the_same_elements() {
        // The two markups are kept in step by hand; these are the elements
        // only one of them has on purpose.
        let ids = |markup: &str| -> Vec<String> {
            let mut ids: Vec<String> = markup
                .split(" id=\"")
                .skip(1)
                .filter_map(|rest| rest.split('"').next())
                .filter(|id| !["share", "first", "last", "moves-box"].contains(id))
                .map(String::from)
                .collect();
            ids.sort();
            ids
        };
        let [page, embedded] = MARKUP.map(ids);
        assert!(page.len() > 25, "{page:?}");
        assert_eq!(page, embedded);
    }
}
