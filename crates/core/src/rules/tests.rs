//! The rule-set parser's tests: presets, options, values, set-up positions and errors.

use super::*;

#[test]
fn presets_are_valid_and_print_as_their_name() {
    for &preset in Preset::ALL {
        let rules = preset.rules();
        assert_eq!(rules.validate(), Ok(()), "{preset}");
        assert_eq!(rules.to_string(), preset.name());
        assert_eq!(preset.name().parse(), Ok(rules));
    }
}

#[test]
fn every_listed_value_of_every_key_parses_and_prints_back() {
    for key in KEYS {
        let Some(values) = key_values(key) else {
            assert!(matches!(
                key,
                "attackers" | "defenders" | "defender-wins-below"
            ));
            continue;
        };
        for value in values {
            let text = format!("assault;{key}={value}");
            let rules: Rules = match text.parse() {
                Ok(rules) => rules,
                // Only the board can make a rule set invalid on its own
                // (the fixed defenders must be on it).
                Err(ParseRulesError::Invalid(_)) if key == "board" => continue,
                Err(e) => panic!("{text}: {e}"),
            };
            assert_eq!(rules.value(key), *value);
        }
    }
}

#[test]
fn presets_match_rules_md() {
    let asalto = Preset::Asalto.rules();
    assert_eq!(asalto.defenders, Defenders::Free);
    assert_eq!(
        (asalto.march, asalto.capture),
        (March::NotAway, Capture::Huff)
    );
    let rg = Preset::RoyalGarrison.rules();
    assert_eq!(rg.board, BoardId::Grosses);
    assert_eq!(rg.threshold(), 17);
    assert_eq!(rg.attacker_start().len(), 50);
    assert_eq!(Preset::FuchsUndHenne.rules().attacker_start().len(), 20);
    assert_eq!(Preset::Sharpshooters.rules().threshold(), 10);
    assert_eq!(Preset::Assault.rules().threshold(), 9);
}

#[test]
fn overrides_print_in_key_order() {
    let rules: Rules = "assault;chain=single;board=simplified;defenders=e5,c5"
        .parse()
        .expect("ok");
    assert_eq!(rules.to_string(), "assault;board=simplified;chain=single");
    let rules: Rules = "asalto;march=forward;defenders=c6,e6".parse().expect("ok");
    assert_eq!(rules.to_string(), "asalto;defenders=c6,e6;march=forward");
}

#[test]
fn bad_rule_sets_say_what_is_wrong() {
    let cases = [
        ("", "unknown preset ''"),
        ("chess", "unknown preset 'chess'"),
        ("assault;", "'' in the rule set is not key=value"),
        ("assault;colour=red", "unknown rule option 'colour'"),
        ("assault;march=sideways", "bad value 'sideways' for march"),
        (
            "assault;march=any;march=any",
            "rule option 'march' is given twice",
        ),
        ("assault;defenders=c5,c5", "bad value 'c5,c5' for defenders"),
        (
            "assault;defenders=a1",
            "defender point a1 is not on the board",
        ),
        (
            "assault;defenders=a5",
            "defender point a5 is where an attacker starts",
        ),
        (
            "assault;attackers=a1",
            "attacker point a1 is not on the board",
        ),
        ("assault;attackers=c3,c3", "bad value 'c3,c3' for attackers"),
        ("assault;attackers=", "bad value '' for attackers"),
        (
            "assault;attackers=c3;defenders=c3",
            "defender point c3 is where an attacker starts",
        ),
        // Found by fuzzing: the defenders could not be placed.
        (
            "assaut;attackers=c5,d2,c7,e5,e2,d7,g4,c6,d5,e7,e6;first=defender",
            "the attackers leave too few empty fortress points (1)",
        ),
        ("assault;defender-wins-below=+3", "bad value '+3'"),
        ("assault;defender-wins-below=999", "bad value '999'"),
    ];
    for (text, message) in cases {
        let err = text.parse::<Rules>().expect_err(text).to_string();
        assert!(err.starts_with(message), "{text}: {err}");
    }
}

#[test]
fn any_position_is_a_rule_set() {
    let text = "assault;attackers=a3,b3,c3,d3,e3,f3,g3,c2,d2,e2;defenders=c5,d6;first=defender";
    let rules: Rules = text.parse().expect(text);
    // Lists print in the points' order (rank by rank, from the bottom).
    let printed = rules.to_string();
    assert_eq!(
        printed,
        "assault;attackers=c2,d2,e2,a3,b3,c3,d3,e3,f3,g3;defenders=c5,d6;first=defender"
    );
    assert_eq!(printed.parse(), Ok(rules));
    assert_eq!(rules.attacker_start().len(), 10);
    // The fortress too, and a threshold above the attackers: decided at once.
    let decided: Rules = "assault;attackers=d6,d7;defender-wins-below=5"
        .parse()
        .expect("a threshold may exceed the attackers");
    let pos = crate::Position::new(&decided).expect("a position");
    assert_eq!(
        pos.outcome().and_then(|o| o.winner()),
        Some(crate::Side::Defender)
    );
}

#[test]
fn only_assault_s_rule_set_is_solved() {
    assert_eq!(Preset::Assault.rules().solved(), Some(Side::Attacker));
    let same: Rules = "simplified;board=standard".parse().expect("ok");
    assert_eq!(
        same.solved(),
        Some(Side::Attacker),
        "the same rules by another name"
    );
    for &preset in Preset::ALL.iter().filter(|&&p| p != Preset::Assault) {
        assert_eq!(preset.rules().solved(), None, "{preset}");
    }
    for changed in [
        "assault;first=defender",
        "assault;defenders=c5,d5",
        "assault;capture=optional",
    ] {
        let rules: Rules = changed.parse().expect("ok");
        assert_eq!(rules.solved(), None, "{changed}");
    }
}
