//! The words of the rules: presets, boards, sources, levels, rule options
//! and their values, the Rules dialog's sentences and the New game dialog.

use asalto_core::{BoardId, Preset};
use asalto_search::Level;

use crate::lang::{LANGS, T};

/// A preset's name as players know it (most are names in every language).
pub fn preset(preset: Preset) -> T {
    let same = |name| [name; LANGS];
    match preset {
        Preset::Assault => same("Assault"),
        Preset::Asalto => same("Asalto"),
        Preset::GermanTactics => same("German Tactics"),
        Preset::Sharpshooters => same("Sharpshooters"),
        Preset::Assaut => same("Assaut"),
        Preset::Belagerung => same("Belagerung"),
        Preset::RoyalGarrison => same("Royal Garrison"),
        Preset::RoyalGarrisonDiagonals => t![
            "Royal Garrison, all diagonals",
            "Royal Garrison, toutes diagonales",
            "Royal Garrison, alle Diagonalen",
            "Royal Garrison, todas las diagonales",
        ],
        Preset::Simplified => t![
            "Simplified Assault",
            "Assault simplifié",
            "Vereinfachtes Assault",
            "Assault simplificado",
        ],
        Preset::FuchsUndHenne => same("Fuchs und Henne"),
        Preset::ZweiContra20 => same("Zwei contra zwanzig"),
        Preset::Murray => t![
            "Asalto after Murray",
            "Asalto selon Murray",
            "Asalto nach Murray",
            "Asalto según Murray",
        ],
    }
}

/// A board's name.
pub fn board(board: BoardId) -> T {
    match board {
        BoardId::Standard => t![
            "33-point cross",
            "croix de 33 points",
            "Kreuz mit 33 Punkten",
            "cruz de 33 puntos",
        ],
        BoardId::Simplified => t![
            "cross with few diagonals",
            "croix à peu de diagonales",
            "Kreuz mit wenigen Diagonalen",
            "cruz con pocas diagonales",
        ],
        BoardId::FuchsUndHenne => t![
            "Fuchs und Henne cross",
            "croix de Fuchs und Henne",
            "Fuchs-und-Henne-Kreuz",
            "cruz de Fuchs und Henne",
        ],
        BoardId::Contra20 => t![
            "2 contra 20 cross",
            "croix de 2 contra 20",
            "Kreuz von 2 contra 20",
            "cruz de 2 contra 20",
        ],
        BoardId::Grosses => t![
            "67-point great fortress",
            "grande forteresse de 67 points",
            "große Festung mit 67 Punkten",
            "gran fortaleza de 67 puntos",
        ],
        BoardId::RoyalDiagonals => t![
            "67-point cross, all diagonals",
            "croix de 67 points, toutes diagonales",
            "Kreuz mit 67 Punkten, alle Diagonalen",
            "cruz de 67 puntos, todas las diagonales",
        ],
    }
}

/// The source a preset comes from.
pub fn source(preset: Preset) -> T {
    match preset {
        Preset::Assault
        | Preset::RoyalGarrison
        | Preset::RoyalGarrisonDiagonals
        | Preset::Simplified
        | Preset::FuchsUndHenne
        | Preset::ZweiContra20 => t![
            "ways-to-play, “Assault” (games.porg.es)",
            "ways-to-play, «\u{a0}Assault\u{a0}» (games.porg.es)",
            "ways-to-play, „Assault“ (games.porg.es)",
            "ways-to-play, «Assault» (games.porg.es)",
        ],
        Preset::Asalto | Preset::GermanTactics => t![
            "D. Walker, Cyningstan leaflet “Asalto” (2011)",
            "D. Walker, dépliant Cyningstan «\u{a0}Asalto\u{a0}» (2011)",
            "D. Walker, Cyningstan-Faltblatt „Asalto“ (2011)",
            "D. Walker, folleto de Cyningstan «Asalto» (2011)",
        ],
        Preset::Sharpshooters => t![
            "a games book on Asalto (“Fox Geese 3”)",
            "un livre de jeux sur l’Asalto («\u{a0}Fox Geese 3\u{a0}»)",
            "ein Spielebuch über Asalto („Fox Geese 3“)",
            "un libro de juegos sobre el Asalto («Fox Geese 3»)",
        ],
        Preset::Assaut => t![
            "a French rules sheet, “Assault”",
            "une règle du jeu française, «\u{a0}Assault\u{a0}»",
            "ein französisches Regelblatt, „Assault“",
            "una hoja de reglas francesa, «Assault»",
        ],
        Preset::Belagerung => t![
            "blog post “Belagerung – yet bigger fortress”",
            "billet de blog «\u{a0}Belagerung – yet bigger fortress\u{a0}»",
            "Blogbeitrag „Belagerung – yet bigger fortress“",
            "entrada de blog «Belagerung – yet bigger fortress»",
        ],
        Preset::Murray => t![
            "H. J. R. Murray (1952), as Ludii plays it",
            "H. J. R. Murray (1952), tel que Ludii le joue",
            "H. J. R. Murray (1952), wie Ludii es spielt",
            "H. J. R. Murray (1952), tal como lo juega Ludii",
        ],
    }
}

/// A level's name.
pub fn level(level: Level) -> T {
    match level {
        Level::Recruit => t!["Recruit", "Recrue", "Rekrut", "Recluta"],
        Level::Soldier => t!["Soldier", "Soldat", "Soldat", "Soldado"],
        Level::Sergeant => t!["Sergeant", "Sergent", "Feldwebel", "Sargento"],
        Level::Captain => t!["Captain", "Capitaine", "Hauptmann", "Capitán"],
        Level::Marshal => t!["Marshal", "Maréchal", "Marschall", "Mariscal"],
    }
}

/// What a level plays like.
pub fn level_strength(level: Level) -> T {
    match level {
        Level::Recruit => t!["a beginner", "débutant", "Anfänger", "principiante"],
        Level::Soldier => t!["casual", "détendu", "gelegentlich", "ocasional"],
        Level::Sergeant => t![
            "club player",
            "joueur de club",
            "Vereinsspieler",
            "jugador de club",
        ],
        Level::Captain => t![
            "strong, quick",
            "fort, rapide",
            "stark, schnell",
            "fuerte, rápido",
        ],
        Level::Marshal => t![
            "strongest, 2 s a move",
            "le plus fort, 2 s par coup",
            "am stärksten, 2 s pro Zug",
            "el más fuerte, 2 s por jugada",
        ],
    }
}

/// A rule option's label (RULES.md §3 keys); `None` for an unknown key.
pub fn option(key: &str) -> Option<T> {
    Some(match key {
        "board" => t!["Board", "Plateau", "Brett", "Tablero"],
        "attackers" => t![
            "{A} start on",
            "{A} au départ",
            "{A} beginnen auf",
            "{A} empiezan en",
        ],
        "defenders" => t![
            "{D} start on (free, or points)",
            "{D} au départ (libre, ou des points)",
            "{D} beginnen auf (frei oder Punkte)",
            "{D} empiezan en (libre o puntos)",
        ],
        "first" => t![
            "First to move",
            "Premier à jouer",
            "Zuerst am Zug",
            "Mueve primero",
        ],
        "march" => t![
            "{A} may step",
            "Marche des {a}",
            "{A} dürfen ziehen",
            "{A} pueden avanzar",
        ],
        "inside" => t![
            "{A} inside the fortress",
            "{A} dans la forteresse",
            "{A} in der Festung",
            "{A} dentro de la fortaleza",
        ],
        "marked-lines" => t![
            "Marked lines for {a}",
            "Lignes marquées pour les {a}",
            "Markierte Linien für {a}",
            "Líneas marcadas para {the_a}",
        ],
        "capture" => t!["Capturing", "Prise", "Schlagen", "Captura"],
        "max-capture" => t![
            "Most captures compulsory",
            "Prise maximale obligatoire",
            "Meiste Schläge Pflicht",
            "Captura máxima obligatoria",
        ],
        "chain" => t![
            "Capture chains",
            "Prises en chaîne",
            "Schlagketten",
            "Capturas en cadena",
        ],
        "defender-wins-below" => t![
            "{D} win below ({a} left)",
            "{D} gagnent sous ({a} restants)",
            "{D} gewinnen unter ({a} übrig)",
            "{D} ganan por debajo de ({a} restantes)",
        ],
        _ => return None,
    })
}

/// A rule option's value in words; `None` for values that are their own
/// words (point lists, numbers).
pub fn value(key: &str, value: &str) -> Option<T> {
    if key == "board" {
        return value.parse().ok().map(board);
    }
    Some(match (key, value) {
        ("attackers", "all") => t!["everywhere", "partout", "überall", "en todas partes"],
        ("attackers", "lower") => t![
            "lower half",
            "moitié basse",
            "untere Hälfte",
            "mitad inferior",
        ],
        ("defenders" | "inside", "free") => t!["free", "libre", "frei", "libre"],
        ("first", "attacker") => t!["{A}", "{A}", "{A}", "{A}"],
        ("first", "defender") => t!["{D}", "{D}", "{D}", "{D}"],
        ("march", "forward") => t![
            "towards the fortress",
            "vers la forteresse",
            "zur Festung hin",
            "hacia la fortaleza",
        ],
        ("march", "not-away") => t!["never away", "sans s’éloigner", "nie weg", "sin alejarse"],
        ("march", "not-backward") => t![
            "never backwards",
            "sans reculer",
            "nie rückwärts",
            "sin retroceder",
        ],
        ("march", "any") => t![
            "any direction",
            "toute direction",
            "jede Richtung",
            "cualquier dirección",
        ],
        ("inside", "as-outside") => t!["as outside", "comme dehors", "wie draußen", "como fuera"],
        ("marked-lines", "off") => t!["open", "ouvertes", "offen", "abiertas"],
        ("marked-lines", "on") => t!["closed", "fermées", "gesperrt", "cerradas"],
        ("capture", "optional") => t!["optional", "facultative", "freiwillig", "opcional"],
        ("capture", "forced") => t!["compulsory", "obligatoire", "Pflicht", "obligatoria"],
        ("capture", "huff") => t!["huff", "soufflage", "Pusten", "soplo"],
        ("max-capture", "no") => t!["no", "non", "nein", "no"],
        ("max-capture", "yes") => t!["yes", "oui", "ja", "sí"],
        ("chain", "single") => t!["one jump", "un saut", "ein Sprung", "un salto"],
        ("chain", "may-stop") => t!["may stop", "arrêt permis", "darf anhalten", "puede parar"],
        ("chain", "must-continue") => {
            t!["must go on", "doit continuer", "muss weiter", "debe seguir"]
        }
        _ => return None,
    })
}

/// The rules: the board, the pieces and the fortress (`{0}` board,
/// `{1}` attackers, `{2}` defenders, `{3}` fortress points).
pub const THE_BOARD: T = t![
    "The board is the {0}. {1} {a} besiege {2} {d} in the fortress, the shaded area of {3} points.",
    "Plateau\u{a0}: {0}. {1} {a} assiègent {2} {d} dans la forteresse, la zone ombrée de {3} points.",
    "Brett: {0}. {1} {a} belagern {2} {d} in der Festung, dem schattierten Bereich aus {3} Punkten.",
    "Tablero: {0}. {1} {a} asedian a {2} {d} en la fortaleza, la zona sombreada de {3} puntos.",
];
/// The rules: defenders placed by their player.
pub const PLACED_FIRST: T = t![
    "{The_d} are placed first, one a turn, on any fortress points.",
    "{The_d} sont placés d’abord, un par tour, sur des points de la forteresse.",
    "{The_d} werden zuerst gesetzt, einer pro Zug, auf beliebige Punkte der Festung.",
    "{The_d} se colocan primero, uno por turno, en cualquier punto de la fortaleza.",
];
/// The rules: defenders start on `{0}`.
pub const START_ON: T = t![
    "{The_d} start on {0}.",
    "{The_d} commencent en {0}.",
    "{The_d} beginnen auf {0}.",
    "{The_d} empiezan en {0}.",
];
/// The rules: side `{s}` moves first.
pub const MOVES_FIRST: T = t![
    "{The_s} move first.",
    "{The_s} jouent en premier.",
    "{The_s} ziehen zuerst.",
    "{The_s} mueven primero.",
];
/// The rules: `march=forward`.
pub const MARCH_FORWARD: T = t![
    "{A} step along a line towards the fortress, or sideways towards it along the fortress's bottom row; never back.",
    "{The_a} avancent le long d’une ligne vers la forteresse, ou de côté vers elle sur la rangée du bas de la forteresse\u{a0}; jamais en arrière.",
    "{The_a} ziehen entlang einer Linie auf die Festung zu oder auf der unteren Reihe der Festung seitwärts zu ihr hin, nie zurück.",
    "{The_a} avanzan por una línea hacia la fortaleza, o de lado hacia ella por la fila inferior de la fortaleza; nunca hacia atrás.",
];
/// The rules: `march=not-away`.
pub const MARCH_NOT_AWAY: T = t![
    "{A} step along a line, never away from the fortress.",
    "{The_a} avancent le long d’une ligne, jamais en s’éloignant de la forteresse.",
    "{The_a} ziehen entlang einer Linie, nie von der Festung weg.",
    "{The_a} avanzan por una línea, nunca alejándose de la fortaleza.",
];
/// The rules: `march=not-backward`.
pub const MARCH_NOT_BACKWARD: T = t![
    "{A} step along a line forwards or sideways, never backwards.",
    "{The_a} avancent le long d’une ligne, en avant ou de côté, jamais en arrière.",
    "{The_a} ziehen entlang einer Linie vorwärts oder seitwärts, nie rückwärts.",
    "{The_a} avanzan por una línea hacia delante o de lado, nunca hacia atrás.",
];
/// The rules: `march=any`.
pub const MARCH_ANY: T = t![
    "{A} step along a line in any direction.",
    "{The_a} avancent le long d’une ligne dans toutes les directions.",
    "{The_a} ziehen entlang einer Linie in jede Richtung.",
    "{The_a} avanzan por una línea en cualquier dirección.",
];
/// The rules: `inside=as-outside`.
pub const INSIDE_STAYS: T = t![
    " {One_a} in the fortress may not leave it.",
    " {One_a} dans la forteresse ne peut plus en sortir.",
    " {The_a} in der Festung dürfen sie nicht verlassen.",
    " {One_a} en la fortaleza no puede salir de ella.",
];
/// The rules: `inside=free`.
pub const INSIDE_FREE: T = t![
    " {One_a} in the fortress may not leave it, but moves freely along its lines.",
    " {One_a} dans la forteresse ne peut plus en sortir, mais s’y déplace librement le long de ses lignes.",
    " {The_a} in der Festung dürfen sie nicht verlassen, ziehen darin aber frei entlang ihrer Linien.",
    " {One_a} en la fortaleza no puede salir de ella, pero se mueve libremente por sus líneas.",
];
/// The rules: `marked-lines=on`.
pub const MARKED: T = t![
    " {A} may not use the marked (dashed) lines.",
    " {The_a} ne peuvent pas emprunter les lignes marquées (en tirets).",
    " {The_a} dürfen die markierten (gestrichelten) Linien nicht benutzen.",
    " {The_a} no pueden usar las líneas marcadas (discontinuas).",
];
/// The rules: how defenders move and capture.
pub const DEFENDERS_MOVE: T = t![
    "{D} step along any line, or jump {one_a} next to them onto the empty point beyond, capturing it",
    "{The_d} avancent le long de n’importe quelle ligne, ou sautent par-dessus {one_a} voisin jusqu’au point libre derrière, et le prennent",
    "{The_d} ziehen entlang jeder Linie oder springen über {one_a} neben sich auf den freien Punkt dahinter und schlagen ihn",
    "{The_d} avanzan por cualquier línea, o saltan por encima de {one_a} vecino hasta el punto libre de detrás, y lo capturan",
];
/// The rules: `capture=optional` (after the defenders' move `{0}`).
pub const CAPTURE_OPTIONAL: T = t![
    "{0}; they need not jump.",
    "{0}\u{a0}; ils ne sont pas obligés de sauter.",
    "{0}; sie müssen nicht springen.",
    "{0}; no están obligados a saltar.",
];
/// The rules: `capture=forced`.
pub const CAPTURE_FORCED: T = t![
    "{0}. {One_d} that can jump must.",
    "{0}. Un {d1} qui peut sauter doit le faire.",
    "{0}. Wer springen kann, muss springen.",
    "{0}. Un {d1} que puede saltar debe hacerlo.",
];
/// The rules: `capture=huff`.
pub const CAPTURE_HUFF: T = t![
    "{0}. {One_d} that could have jumped and did not is removed from the board (huffed).",
    "{0}. Un {d1} qui pouvait sauter et ne l’a pas fait est retiré du plateau (soufflé).",
    "{0}. Wer springen konnte und es nicht tat, wird vom Brett genommen (gepustet).",
    "{0}. Un {d1} que podía saltar y no lo hizo se retira del tablero (soplado).",
];
/// The rules: `max-capture=yes`.
pub const MOST: T = t![
    " A jump must take as many {a} as it can.",
    " Un saut doit prendre autant de {a} que possible.",
    " Ein Sprung muss so viele {a} schlagen wie möglich.",
    " Un salto debe capturar tantos {a} como pueda.",
];
/// The rules: `max-capture=yes` with `capture=huff`.
pub const MOST_HUFF: T = t![
    " So is one that took fewer {a} than it could.",
    " De même pour celui qui a pris moins de {a} qu’il ne pouvait.",
    " Ebenso, wer weniger {a} geschlagen hat, als möglich war.",
    " Igual que quien capturó menos {a} de los que podía.",
];
/// The rules: `chain=single`.
pub const CHAIN_SINGLE: T = t![
    " One jump a move.",
    " Un seul saut par coup.",
    " Ein Sprung pro Zug.",
    " Un solo salto por jugada.",
];
/// The rules: `chain=may-stop`.
pub const CHAIN_MAY_STOP: T = t![
    " Jumps may follow one another in one move; {the_d1} may stop.",
    " Les sauts peuvent s’enchaîner dans un même coup\u{a0}; {the_d1} peut s’arrêter.",
    " Sprünge dürfen in einem Zug aufeinander folgen; {the_d1} darf anhalten.",
    " Los saltos pueden encadenarse en una jugada; {the_d1} puede detenerse.",
];
/// The rules: `chain=must-continue`.
pub const CHAIN_MUST_CONTINUE: T = t![
    " Jumps follow one another in one move for as long as {the_d1} can jump.",
    " Les sauts s’enchaînent dans un même coup tant que {the_d1} peut sauter.",
    " Sprünge folgen in einem Zug aufeinander, solange {the_d1} springen kann.",
    " Los saltos se encadenan en una jugada mientras {the_d1} pueda saltar.",
];
/// The rules: how the game ends (`{0}` the huff clause, `{1}` the
/// threshold, `{2}` the captures it takes).
pub const WINNING: T = t![
    "{The_a} win by filling every point of the fortress, or by leaving {the_d} no move{0}. {The_d} win when fewer than {1} {a} remain (after {2} captures). A side that cannot move loses; a position seen three times is a draw.",
    "{The_a} gagnent en occupant tous les points de la forteresse, ou en ne laissant aucun coup aux {d}{0}. {The_d} gagnent quand il reste moins de {1} {a} (après {2} prises). Un camp qui ne peut plus jouer perd\u{a0}; une position vue trois fois est nulle.",
    "{The_a} gewinnen, wenn sie jeden Punkt der Festung besetzen oder {the_d} keinen Zug mehr haben{0}. {The_d} gewinnen, wenn weniger als {1} {a} übrig sind (nach {2} Schlägen). Wer nicht ziehen kann, verliert; eine dreimal gesehene Stellung ist remis.",
    "{The_a} ganan si ocupan todos los puntos de la fortaleza o si dejan a {the_d} sin movimiento{0}. {The_d} ganan cuando quedan menos de {1} {a} (tras {2} capturas). Un bando que no puede mover pierde; una posición repetida tres veces es tablas.",
];
/// The rules: the huff clause of [`WINNING`].
pub const WINNING_HUFF: T = t![
    ", or when every {d1} has been huffed",
    ", ou quand chaque {d1} a été soufflé",
    " oder jeder {d1} gepustet wurde",
    ", o cuando todos {the_d} han sido soplados",
];
/// The rules: the source, `{0}`.
pub const SOURCE: T = t![
    "Source: {0}.",
    "Source\u{a0}: {0}.",
    "Quelle: {0}.",
    "Fuente: {0}.",
];
/// The sources' table: its summary.
pub const DISAGREE: T = t![
    "Where the sources disagree",
    "Où les sources divergent",
    "Wo die Quellen abweichen",
    "Dónde discrepan las fuentes",
];
/// The sources' table: its name.
pub const READINGS: T = t![
    "The sources' readings",
    "Les lectures des sources",
    "Die Lesarten der Quellen",
    "Las lecturas de las fuentes",
];
/// The sources' table: the options' column.
pub const OPTION: T = t!["Option", "Option", "Option", "Opción"];
/// The sources' table: this game's column.
pub const THIS_GAME: T = t!["This game", "Cette partie", "Diese Partie", "Esta partida"];
/// The sources' table: how to read it.
pub const HOW_TO_READ: T = t![
    "Each column is one source, read as its preset reads it; a row with more than one value is an option they disagree on.",
    "Chaque colonne est une source, lue comme la lit son préréglage\u{a0}; une ligne à plusieurs valeurs est une option sur laquelle elles divergent.",
    "Jede Spalte ist eine Quelle, so gelesen wie ihre Voreinstellung sie liest; eine Zeile mit mehreren Werten ist eine Option, in der sie abweichen.",
    "Cada columna es una fuente, leída como la lee su preajuste; una fila con más de un valor es una opción en la que discrepan.",
];
/// The threshold when it is the fortress's size (`{0}`).
pub const FORTRESS_SIZE: T = t![
    "{0} (fortress size)",
    "{0} (taille de la forteresse)",
    "{0} (Größe der Festung)",
    "{0} (tamaño de la fortaleza)",
];

/// The New game dialog: its title (and the button that opens it).
pub const NEW_GAME: T = t![
    "New game",
    "Nouvelle partie",
    "Neue Partie",
    "Nueva partida",
];
/// The New game dialog: the preset's label.
pub const GAME: T = t!["Game", "Jeu", "Spiel", "Juego"];
/// The New game dialog: a side played at the screen.
pub const PERSON: T = t![
    "A person at this screen",
    "Une personne devant cet écran",
    "Ein Mensch an diesem Bildschirm",
    "Una persona ante esta pantalla",
];
/// The New game dialog: a side played by the computer at level `{0}`.
pub const COMPUTER_AT: T = t![
    "Computer: {0}",
    "Ordinateur\u{a0}: {0}",
    "Computer: {0}",
    "Ordenador: {0}",
];
/// The New game dialog: who plays side `{s}`.
pub const PLAYED_BY: T = t![
    "{S} played by",
    "{S} joués par",
    "{S} gespielt von",
    "{S} jugados por",
];
/// The New game dialog: the pause's label.
pub const PAUSE_BETWEEN: T = t![
    "Computer against computer: pause between moves",
    "Ordinateur contre ordinateur\u{a0}: pause entre les coups",
    "Computer gegen Computer: Pause zwischen den Zügen",
    "Ordenador contra ordenador: pausa entre jugadas",
];
/// The New game dialog: the shortest pause.
pub const SHORT_PAUSE: T = t!["0.3 s", "0,3 s", "0,3 s", "0,3 s"];
/// The New game dialog: the options' summary.
pub const RULE_OPTIONS: T = t![
    "Rule options",
    "Options de règles",
    "Regeloptionen",
    "Opciones de reglas",
];
/// The New game dialog: the rule set `{0}` as text.
pub const RULE_SET: T = t![
    "Rule set: {0}",
    "Règles\u{a0}: {0}",
    "Regelsatz: {0}",
    "Reglas: {0}",
];
/// The New game dialog: the options make no rule set (`{0}` why, in the
/// rules engine's words).
pub const BAD_RULES: T = t![
    "These options make no game: {0}",
    "Ces options ne font pas une partie\u{a0}: {0}",
    "Diese Optionen ergeben kein Spiel: {0}",
    "Estas opciones no forman una partida: {0}",
];
/// The New game dialog: leave it.
pub const CANCEL: T = t!["Cancel", "Annuler", "Abbrechen", "Cancelar"];
/// The New game dialog: start the game.
pub const START: T = t!["Start", "Commencer", "Starten", "Empezar"];
