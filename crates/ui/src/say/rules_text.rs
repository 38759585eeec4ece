//! The rules of a game in plain words, citing the source its preset comes
//! from, and where the historical sources disagree: for each rule option,
//! the reading of each source and the one this game uses.
//!
//! Pure Rust, tested natively; `rules_dialog` writes it into the Rules dialog.

use asalto_core::{Capture, Chain, Defenders, Game, Inside, KEYS, March, Preset, Rules};

use crate::lang::{Lang, Say};
use crate::say::text::{board_name, points, preset_name, source};
use crate::words::rules as words;

/// The presets that stand for the sources, one each, in the order of the
/// source documents.
pub const SOURCES: [Preset; 6] = [
    Preset::Assault,
    Preset::Asalto,
    Preset::Sharpshooters,
    Preset::Assaut,
    Preset::Belagerung,
    Preset::Murray,
];

/// The rules of `rules` in sentences in `lang`, one per aspect of the game.
pub fn in_words(lang: Lang, rules: &Rules) -> Vec<String> {
    let say = Say::new(lang, rules.preset);
    // The pieces at the start; defenders still to be placed count too.
    let (attackers, defenders) = Game::new(rules).map_or((0, 0), |g| {
        let start = g.position();
        let defenders = start.defenders().len() + usize::from(start.to_place());
        (start.attackers().len(), defenders)
    });
    let mut words = vec![say.f(
        &words::THE_BOARD,
        &[
            board_name(lang, rules.board),
            &attackers.to_string(),
            &defenders.to_string(),
            &rules.board().fortress().len().to_string(),
        ],
    )];
    words.push(match rules.defenders {
        Defenders::Free => say.t(&words::PLACED_FIRST),
        Defenders::Fixed(set) => say.f(&words::START_ON, &[&points(lang, set)]),
    });
    words.push(say.of(rules.first).t(&words::MOVES_FIRST));
    let march = match rules.march {
        March::Forward => &words::MARCH_FORWARD,
        March::NotAway => &words::MARCH_NOT_AWAY,
        March::NotBackward => &words::MARCH_NOT_BACKWARD,
        March::Any => &words::MARCH_ANY,
    };
    let inside = match (rules.march, rules.inside) {
        (March::Any, _) => String::new(),
        (_, Inside::AsOutside) => say.t(&words::INSIDE_STAYS),
        (_, Inside::Free) => say.t(&words::INSIDE_FREE),
    };
    let marked = if rules.marked_lines {
        say.t(&words::MARKED)
    } else {
        String::new()
    };
    words.push(format!("{}{inside}{marked}", say.t(march)));
    let moves = say.t(&words::DEFENDERS_MOVE);
    let capture = match rules.capture {
        Capture::Optional => &words::CAPTURE_OPTIONAL,
        Capture::Forced => &words::CAPTURE_FORCED,
        Capture::Huff => &words::CAPTURE_HUFF,
    };
    let most = match (rules.max_capture, rules.capture) {
        (false, _) => String::new(),
        (true, Capture::Huff) => say.t(&words::MOST_HUFF),
        (true, _) => say.t(&words::MOST),
    };
    let chain = match rules.chain {
        Chain::Single => &words::CHAIN_SINGLE,
        Chain::MayStop => &words::CHAIN_MAY_STOP,
        Chain::MustContinue => &words::CHAIN_MUST_CONTINUE,
    };
    words.push(format!(
        "{}{most}{}",
        say.f(capture, &[&moves]),
        say.t(chain)
    ));
    let threshold = rules.threshold();
    let huff = if rules.capture == Capture::Huff {
        say.t(&words::WINNING_HUFF)
    } else {
        String::new()
    };
    let captures = attackers.saturating_sub(usize::from(threshold)) + 1;
    words.push(say.f(
        &words::WINNING,
        &[&huff, &threshold.to_string(), &captures.to_string()],
    ));
    if let Some(winner) = rules.solved() {
        words.push(say.of(winner).t(&words::SOLVED));
        words.push(say.t(&words::SOLVED_WHERE));
    }
    words.push(say.f(&words::SOURCE, &[source(lang, rules.preset)]));
    words
}

/// The Rules dialog's content in `lang`: the rules in words, then a table
/// of the sources' readings (the reading this game uses in bold).
pub fn html(lang: Lang, rules: &Rules) -> String {
    let say = Say::new(lang, rules.preset);
    let mut html = String::new();
    for sentence in in_words(lang, rules) {
        html.push_str(&format!("<p>{sentence}</p>"));
    }
    html.push_str(&format!(
        "<details class=\"sources\"><summary>{}</summary>\
         <div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"{}\"><table><thead><tr><th scope=\"col\">{}</th>",
        say.raw(&words::DISAGREE),
        say.raw(&words::READINGS),
        say.raw(&words::OPTION),
    ));
    for preset in SOURCES {
        html.push_str(&format!(
            "<th scope=\"col\" title=\"{}\">{}</th>",
            source(lang, preset),
            preset_name(lang, preset)
        ));
    }
    html.push_str(&format!(
        "<th scope=\"col\">{}</th></tr></thead><tbody>",
        say.raw(&words::THIS_GAME)
    ));
    for reading in readings(lang, rules) {
        let class = if reading.disputed {
            " class=\"disputed\""
        } else {
            ""
        };
        let label = words::option(reading.key).map_or_else(String::new, |t| say.t(&t));
        html.push_str(&format!("<tr{class}><th scope=\"row\">{label}</th>"));
        for value in &reading.sources {
            if *value == reading.here {
                html.push_str(&format!("<td><strong>{value}</strong></td>"));
            } else {
                html.push_str(&format!("<td>{value}</td>"));
            }
        }
        html.push_str(&format!("<td>{}</td></tr>", reading.here));
    }
    html.push_str(&format!(
        "</tbody></table></div><p>{}</p></details>",
        say.raw(&words::HOW_TO_READ)
    ));
    html
}

/// One rule option as the sources read it, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The option's key (RULES.md §3).
    pub key: &'static str,
    /// Each source's value, in the order of [`SOURCES`].
    pub sources: Vec<String>,
    /// This game's value.
    pub here: String,
    /// Whether the sources give it more than one value.
    pub disputed: bool,
}

/// Every option, with each source's reading and this game's, in `lang`.
pub fn readings(lang: Lang, rules: &Rules) -> Vec<Reading> {
    let say = Say::new(lang, rules.preset);
    let value = |r: &Rules, key: &str| {
        let v = r.value(key);
        match words::value(key, &v) {
            Some(t) => say.t(&t),
            None if v.is_empty() => say.f(&words::FORTRESS_SIZE, &[&r.threshold().to_string()]),
            None => v,
        }
    };
    KEYS.iter()
        .map(|&key| {
            let sources: Vec<String> = SOURCES.iter().map(|p| value(&p.rules(), key)).collect();
            let disputed = sources.iter().any(|v| *v != sources[0]);
            Reading {
                key,
                here: value(rules, key),
                sources,
                disputed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Lang::En;

    #[test]
    fn every_preset_is_told_with_its_source() {
        for &preset in Preset::ALL {
            for lang in Lang::ALL {
                let words = in_words(lang, &preset.rules()).join(" ");
                assert!(words.contains(source(lang, preset)), "{preset:?}");
                assert!(words.contains(board_name(lang, preset.rules().board)));
                assert!(!words.contains('{'), "{words}");
            }
        }
        let assault = in_words(En, &Preset::Assault.rules()).join(" ");
        assert!(
            assault.contains("24 attackers besiege 2 defenders"),
            "{assault}"
        );
        assert!(assault.contains("start on c5 and e5"));
        assert!(assault.contains("A defender that can jump must."));
        assert!(assault.contains("fewer than 9 attackers remain (after 16 captures)"));
        assert!(assault.contains("Solved: from the start, the attackers win"));
        let asalto = in_words(En, &Preset::Asalto.rules()).join(" ");
        assert!(!asalto.contains("Solved"), "asalto is not solved");
        assert!(asalto.contains("placed first") && asalto.contains("huffed"));
        let tactics = in_words(En, &Preset::GermanTactics.rules()).join(" ");
        assert!(tactics.contains("marked (dashed) lines"));
    }

    #[test]
    fn the_sources_disagree_where_their_presets_do() {
        let r = readings(En, &Preset::Asalto.rules());
        assert_eq!(r.len(), KEYS.len());
        let march = r.iter().find(|r| r.key == "march").expect("march");
        assert_eq!(
            march.sources,
            [
                "towards the fortress",
                "never away",
                "never backwards",
                "towards the fortress",
                "any direction",
                "any direction"
            ]
        );
        assert!(march.disputed);
        assert_eq!(march.here, "never away");
        let marked = r.iter().find(|r| r.key == "marked-lines").expect("marked");
        assert!(
            !marked.disputed,
            "only the German Tactics variation marks lines"
        );
        let wins = r
            .iter()
            .find(|r| r.key == "defender-wins-below")
            .expect("threshold");
        assert_eq!(wins.sources[2], "10");
        assert_eq!(wins.here, "9 (fortress size)");
    }

    #[test]
    fn the_panel_has_a_row_per_option_and_a_column_per_source() {
        let html = html(En, &Preset::Belagerung.rules());
        assert_eq!(html.matches("<tr").count(), KEYS.len() + 1);
        assert_eq!(html.matches("<th scope=\"col\"").count(), SOURCES.len() + 2);
        assert!(
            html.contains("<td><strong>any direction</strong></td>"),
            "Belagerung's march"
        );
        assert!(html.contains(source(En, Preset::Belagerung)));
    }
}
