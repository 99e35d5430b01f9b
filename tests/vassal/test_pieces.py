"""Piece types and states decode into the trait chain: which unit a piece is, which step it shows."""

from __future__ import annotations

import pytest

from vmodgen.engine.vassal.pieces import BasicState, Invisible, Layer, Mask, PieceType
from vmodgen.engine.vassal.sequence import encode
from vmodgen.engine.vassal.passwords import conceal
from tests.replay.cases import ALL_LOGS

BLUE_ARMOR = PieceType.parse(
    "report;70\\,130;$location$: $newPieceName$ flips to step $Step_Level$;;;Report flip;false\t"
    "delete;Delete;68,130;\\\tclone;Clone;67,130;\\\\\tsendto;Eliminate;69,585;Dead Pile;Dead Board;100;75;;;0;0;1;1;"
    "Eliminate;L;;;;\\\\\\\tPROP;Fatigue;true,0,3,false;Tire:84\\,130:I\\,1,Rest:82\\,130:P\\,0;\\\\\\\\\t"
    "emb2;;130;;Flip;130;;;130;;;;1;false;0;0;blue.png,blue_reduced.png;,;true;Step;;;false;;1;1;true;;70,130;;Step;"
    "1.0\\\\\\\\\\\tmark;Kind\\\\\\\\\\\\\tpiece;;;;Blue Armor")
BLUE_ARMOR_STATE = ("-2\t\\\t\\\\\t;;\\\\\\\t1\\\\\\\\\t2\\\\\\\\\\\tInfantry\\\\\\\\\\\\\t"
                    "Main Map;111;75;4;2;OldX;25;OldMap;Main Map")


def nest(parts: list[str]) -> str:
    """Join trait parts the way Decorator.getType/getState nest them (inner parts escaped deeper)."""
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = encode([part, text], "\t")
    return text


def test_traits_are_listed_outer_to_inner_with_basic_piece_last() -> None:
    assert [t.kind for t in BLUE_ARMOR.traits] == ["ReportState", "Delete", "Clone", "SendToLocation",
                                                  "DynamicProperty", "Embellishment", "Marker"]
    assert BLUE_ARMOR.basic.name == "Blue Armor"


def test_the_state_splits_into_one_part_per_trait_and_the_basic_state() -> None:
    states = BLUE_ARMOR.split_state(BLUE_ARMOR_STATE)
    assert len(states) == 8
    assert BasicState.parse(states[-1]) == BasicState("Main Map", 111, 75, "4", (("OldX", "25"), ("OldMap", "Main Map")))


def test_layer_level_marker_and_dynamic_property_values_become_properties() -> None:
    states = BLUE_ARMOR.split_state(BLUE_ARMOR_STATE)
    properties = BLUE_ARMOR.properties(states)
    assert {k: properties[k] for k in ("Kind", "Fatigue", "Step_Level", "Step_Image", "BasicName")} == {
        "Kind": "Infantry", "Fatigue": "1", "Step_Level": "2", "Step_Image": "blue_reduced.png",
        "BasicName": "Blue Armor"}
    assert BLUE_ARMOR.layers(states) == {"Step": 2}


def test_a_negative_layer_value_is_an_inactive_layer_and_is_clamped_to_the_levels() -> None:
    layer = Layer("Embellishment", "", "Step", ("a.png", "b.png"), ("", ""))
    assert (layer.level("-1"), layer.level("7"), layer.level("x")) == (-1, 2, -1)
    assert layer.properties("-1")["Step_Active"] == "false"


def test_level_names_with_plus_prefix_or_suffix_decorate_the_piece_name() -> None:
    kind = PieceType.parse(nest(["emb2;;130;;;130;;;130;;;;1;false;0;0;a,b,c;Full,+ (reduced),Spent +;true;Step;;;false;;1;1;true;;;;;1.0",
                                 "piece;;;a.png;1st Panzer"]))
    names = [kind.name([str(level), "null;0;0;;0"]) for level in (1, 2, 3, -2)]
    assert names == ["Full", "1st Panzer (reduced)", "Spent 1st Panzer", "1st Panzer"]


def test_a_text_label_names_the_piece_through_its_format() -> None:
    kind = PieceType.parse(nest(["label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ [$label$];Dialog;0;0;Strength;",
                                 "piece;;;a.png;Rifle"]))
    states = [" 4-4 ", "null;0;0;;0"]
    assert kind.name(states) == "Rifle [4-4]"
    assert kind.properties(states)["Strength"] == "4-4"


def test_mask_and_invisible_states_say_who_masked_or_hid_by_a_token_not_the_password() -> None:
    assert Mask.masked_by("null;") is None and Mask.masked_by("pw;abc") == conceal("pw")
    assert Invisible.hidden_by("null") is None and Invisible.hidden_by("pw") == conceal("pw")


def test_a_state_claiming_2_to_the_31_properties_reads_only_those_it_holds() -> None:
    state = BasicState.parse("Main Map;1;2;7;2147483647;Side;German")
    assert state.properties == (("Side", "German"),)


def test_does_not_stack_decides_stacking() -> None:
    assert not PieceType.parse(nest(["immob;n;;R;", "piece;;;a.png;Tile"])).stacks
    assert PieceType.parse(nest(["immob;g;;L;", "piece;;;a.png;Tile"])).stacks
    assert PieceType.parse("piece;;;a.png;A").stacks


def test_an_unknown_trait_is_kept_opaque_with_its_prefix() -> None:
    kind = PieceType.parse(nest(["frobnicate;x;y", "piece;;;a.png;A"]))
    assert kind.traits[0].kind == "Unknown(frobnicate;)"


@pytest.mark.parametrize("case", ALL_LOGS, ids=lambda c: c.id)
def test_names_and_properties_of_final_pieces_equal_the_engines(case) -> None:
    for piece in case.engine()["final_pieces"]:
        if piece["type"].startswith(("stack", "deck;")):
            continue
        kind = PieceType.parse(piece["type"])
        states = kind.split_state(piece["state"])
        assert kind.name(states) == piece["name"]
        ours = kind.properties(states)
        assert {k: ours[k] for k in piece["properties"] if k in ours} == \
            {k: v for k, v in piece["properties"].items() if k in ours}
