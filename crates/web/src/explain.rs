//! The rules of a game in plain words, citing the source its preset comes
//! from, and where the historical sources disagree: for each rule option,
//! the reading of each source and the one this game uses.
//!
//! Pure Rust, tested natively; `dom` writes it into the Rules dialog.

use asalto_core::{Capture, Chain, Defenders, Game, Inside, KEYS, March, Preset, Rules, Side};

use crate::text::{board_name, points, preset_name};

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

/// The rules of `rules` in sentences, one per aspect of the game.
pub fn in_words(rules: &Rules) -> Vec<String> {
    // The pieces at the start; officers still to be placed count too.
    let (rebels, officers) = Game::new(rules).map_or((0, 0), |g| {
        let start = g.position();
        let officers = start.defenders().len() + usize::from(start.to_place());
        (start.attackers().len(), officers)
    });
    let mut words = vec![format!(
        "The board is the {}. {} rebels besiege {} officers in the fortress, the shaded area of {} points.",
        board_name(rules.board),
        rebels,
        officers,
        rules.board().fortress().len()
    )];
    words.push(match rules.defenders {
        Defenders::Free => {
            "The officers are placed first, one a turn, on any fortress points.".to_owned()
        }
        Defenders::Fixed(set) => format!("The officers start on {}.", points(set)),
    });
    words.push(
        match rules.first {
            Side::Attacker => "The rebels move first.",
            Side::Defender => "The officers move first.",
        }
        .to_owned(),
    );
    let march = match rules.march {
        March::Forward => {
            "Rebels step along a line towards the fortress, or sideways towards it along the fortress's bottom row; never back."
        }
        March::NotAway => "Rebels step along a line, never away from the fortress.",
        March::NotBackward => "Rebels step along a line forwards or sideways, never backwards.",
        March::Any => "Rebels step along a line in any direction.",
    };
    let inside = match (rules.march, rules.inside) {
        (March::Any, _) => "",
        (_, Inside::AsOutside) => " A rebel in the fortress may not leave it.",
        (_, Inside::Free) => {
            " A rebel in the fortress may not leave it, but moves freely along its lines."
        }
    };
    let marked = if rules.marked_lines {
        " Rebels may not use the marked (dashed) lines."
    } else {
        ""
    };
    words.push(format!("{march}{inside}{marked}"));
    let most = if rules.max_capture {
        ", and must take as many rebels as it can"
    } else {
        ""
    };
    let capture = match rules.capture {
        Capture::Optional => format!(
            "Officers step along any line, or jump a rebel next to them onto the empty point beyond, capturing it; they need not jump{most}."
        ),
        Capture::Forced => format!(
            "Officers step along any line, or jump a rebel next to them onto the empty point beyond, capturing it. An officer that can jump must{most}."
        ),
        Capture::Huff => format!(
            "Officers step along any line, or jump a rebel next to them onto the empty point beyond, capturing it. An officer that could have jumped and did not is removed from the board (huffed){}.",
            if rules.max_capture {
                ", as is one that took fewer rebels than it could"
            } else {
                ""
            }
        ),
    };
    let chain = match rules.chain {
        Chain::Single => " One jump a move.",
        Chain::MayStop => " Jumps may follow one another in one move; the officer may stop.",
        Chain::MustContinue => {
            " Jumps follow one another in one move for as long as the officer can jump."
        }
    };
    words.push(format!("{capture}{chain}"));
    let threshold = rules.threshold();
    words.push(format!(
        "The rebels win by filling every point of the fortress, or by leaving the officers no move{}. The officers win when fewer than {threshold} rebels remain (after {} captures). A side that cannot move loses; a position seen three times is a draw.",
        if rules.capture == Capture::Huff {
            ", or when every officer has been huffed"
        } else {
            ""
        },
        rebels.saturating_sub(usize::from(threshold)) + 1
    ));
    words.push(format!("Source: {}.", rules.preset.source()));
    words
}

/// The Rules dialog's content: the rules in words, then a table of the
/// sources' readings (the reading this game uses in bold).
pub fn html(rules: &Rules) -> String {
    let mut html = String::new();
    for sentence in in_words(rules) {
        html.push_str(&format!("<p>{sentence}</p>"));
    }
    html.push_str(
        "<details class=\"sources\"><summary>Where the sources disagree</summary>\
         <div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"The sources' readings\"><table><thead><tr><th scope=\"col\">Option</th>",
    );
    for preset in SOURCES {
        html.push_str(&format!(
            "<th scope=\"col\" title=\"{}\">{}</th>",
            preset.source(),
            preset_name(preset)
        ));
    }
    html.push_str("<th scope=\"col\">This game</th></tr></thead><tbody>");
    for reading in readings(rules) {
        let class = if reading.disputed {
            " class=\"disputed\""
        } else {
            ""
        };
        html.push_str(&format!(
            "<tr{class}><th scope=\"row\">{}</th>",
            reading.key
        ));
        for value in &reading.sources {
            if *value == reading.here {
                html.push_str(&format!("<td><strong>{value}</strong></td>"));
            } else {
                html.push_str(&format!("<td>{value}</td>"));
            }
        }
        html.push_str(&format!("<td>{}</td></tr>", reading.here));
    }
    html.push_str(
        "</tbody></table></div><p>Each column is one source, read as its preset \
         reads it; a row with more than one value is an option they disagree on.</p></details>",
    );
    html
}

/// One rule option as the sources read it.
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

/// Every option, with each source's reading and this game's.
pub fn readings(rules: &Rules) -> Vec<Reading> {
    let value = |r: &Rules, key: &str| {
        let v = r.value(key);
        if v.is_empty() {
            format!("{} (fortress size)", r.threshold())
        } else {
            v
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

    #[test]
    fn every_preset_is_told_with_its_source() {
        for &preset in Preset::ALL {
            let words = in_words(&preset.rules()).join(" ");
            assert!(words.contains(preset.source()), "{preset:?}");
            assert!(words.contains(board_name(preset.rules().board)));
        }
        let assault = in_words(&Preset::Assault.rules()).join(" ");
        assert!(
            assault.contains("24 rebels besiege 2 officers"),
            "{assault}"
        );
        assert!(assault.contains("start on c5 and e5"));
        assert!(assault.contains("An officer that can jump must."));
        assert!(assault.contains("fewer than 9 rebels remain (after 16 captures)"));
        let asalto = in_words(&Preset::Asalto.rules()).join(" ");
        assert!(asalto.contains("placed first") && asalto.contains("huffed"));
        let tactics = in_words(&Preset::GermanTactics.rules()).join(" ");
        assert!(tactics.contains("marked (dashed) lines"));
    }

    #[test]
    fn the_sources_disagree_where_their_presets_do() {
        let r = readings(&Preset::Asalto.rules());
        assert_eq!(r.len(), KEYS.len());
        let march = r.iter().find(|r| r.key == "march").expect("march");
        assert_eq!(
            march.sources,
            [
                "forward",
                "not-away",
                "not-backward",
                "forward",
                "any",
                "any"
            ]
        );
        assert!(march.disputed);
        assert_eq!(march.here, "not-away");
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
        let html = html(&Preset::Belagerung.rules());
        assert_eq!(html.matches("<tr").count(), KEYS.len() + 1);
        assert_eq!(html.matches("<th scope=\"col\"").count(), SOURCES.len() + 2);
        assert!(
            html.contains("<td><strong>any</strong></td>"),
            "Belagerung's march"
        );
        assert!(html.contains(Preset::Belagerung.source()));
    }
}
