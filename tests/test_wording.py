"""Phrases a native reader changed (issue 26), each checked against what it was, so that the
old wording cannot come back unnoticed.

| where | was | now |
| --- | --- | --- |
| a plain game's score line | «Аня: −10 → -15.» (two minus signs) | «Аня: −10 → −15.» |
| the cards another player holds | «2 карт», «1 карт» | «2 карты», «1 карта» |
| a seat's tricks | dots («●●●●●●●» overflowed) | «7 взяток» |
| the last trick's taker | «— взятка у игрока Дуня» | «— берёт Дуня» |
| the terminal's prompt | «Ходит Аня: ваш ход» (two persons) | «Аня, ваш ход: сыграйте карту (…)» |
| Boston's auction, the help line | «Введите карту …; P4 — …» | «Заявка (6♥, 7п, …) или пас. …» |
| Boston's low bid refused | «заявка 6H стоит 6» | «заявка 6 ♥ стоит 6» |
| the hint in the auction | «Можно: 6 ♠ (8), …» (12 of 26) | «Заявка должна стоить больше 11 …» |
| the hint with one card legal | «Можно любую карту.» | «Можно только 7♠.» |
| the end of a game, one winner | «Победители: Кузьма» | «Победитель: Кузьма» |
| the end of a game in the terminal | a settlement line without a heading | one standings table |
| English screens | «Даве!», «sells («Продаю»)», bots Глаша | «Dave!», «sells the talon», Gladys |
| a clause's source | «Источник: 000 §5, 001» | «Источники: старинное руководство, §5; …» |
| Boston's partner answers | «Аня: согласен.» (a man's word) | «Аня соглашается.» |
| «alone» in the analysis | «играю один» | «играю без партнёра» |
| Boston's `?` in the terminal | «Можно: 5S 5C … 13H» | «Можно: 5♠ 5♣ … 13♥» |
| Boston's unknown bid | «например 6H, либо small-null» | «например 6♥ или 7п, либо «малый нуль»» |
| the terminal panel's score | «-7» | «−7» |
| the panel's second pack | «со второй колоды: К♣» | «Со второй колоды: К♣» |
| simulate, tournament | «-9.757 [-12.856, -6.658]» | «−9,757 [−12,856; −6,658]» |
| analyse | «больше 0.5 очка» | «больше 0,5» |
| the tournament | «mu − 3 sigma», «mu ± sigma» | «сила минус три разброса», «сила ± разброс» |
| the standings' heading | «Итог» over a column «Итог» | «Итоговые места» |
| a shared place | «— по 7, место поровну» | «— по 7, делят место» |
| an overshoot below 0 | «— Аня, но при нуле» | «— Аня, хотя запись уже на нуле или ниже» |
| the free lead's hint | «Ваш ход: можно любую карту.» | «Можно ходить с любой карты.» |
| the auction's hint | «больше 11 (B3); или «пас»» | «Нужна заявка дороже 11 (B3) или «пас»» |
| the deal summary's column | «взяток» (a genitive heading) | «взятки» |
| a seat's connection | «в игре» / «не в сети» | «в сети» / «не в сети» |
| the home page | «на взятки, а с ним петух» | «Здесь же можно сыграть в петуха» |
| the settlement's note | «Слева — запись на конец игры» | «„Итог“ — запись в конце партии» |
| Petukh with 30 cards | «в Петухе колодой в 30 листов» | «в петухе с колодой в 30 листов» |
| a bid in the analysis | «заказ 6 ♠» | «заявка 6 ♠» (as the table says it) |
| the option of the deals | «число сдач: 2 сдачи» | «длина партии: 2 сдачи» |
"""

from __future__ import annotations

import random
import re

import pytest

from rams import games
from rams.errors import IllegalActionError, NotationError
from rams.events import Event
from rams.games.plain.deal import Kind
from rams.games.plain.words import describe
from rams.rulebook import rulebook
from rams.words import catalogue, number, signed, text


def test_a_plain_games_score_line_writes_one_minus_sign() -> None:
    """B11, W6: a score that goes below zero is written «−15», as its change «−10» is."""
    line = describe(Event(Kind.SCORE, 0, delta=-10, record=-15), ["Аня"], "ru")
    assert line == "Аня: −10 → −15."
    assert "-" not in (line or "")
    assert (number(-15), signed(-10), signed(0), signed(4)) == ("−15", "−10", "0", "+4")


@pytest.mark.parametrize(
    ("n", "ru", "en"),
    [(1, "1 карта", "1 card"), (2, "2 карты", "2 cards"), (5, "5 карт", "5 cards"),
     (13, "13 карт", "13 cards"), (22, "22 карты", "22 cards")],
)  # fmt: skip
def test_the_cards_in_a_hand_take_their_plural_form(n: int, ru: str, en: str) -> None:
    """The page fills the catalogue's template in (common.js ``fill``, the same ``{n:n:…}``
    forms as the server's ``text``); the server's own filling is checked here."""
    assert text("web.cardsInHand", "ru", n=n) == ru
    assert text("web.cardsInHand", "en", n=n) == en


@pytest.mark.parametrize(
    ("n", "ru"), [(0, "0 взяток"), (1, "1 взятка"), (3, "3 взятки"), (13, "13 взяток")]
)
def test_a_seats_tricks_are_a_number_in_words(n: int, ru: str) -> None:
    assert text("web.tricksN", "ru", n=n) == ru
    assert text("web.tricksN", "en", n=n) == f"{n} trick{'' if n == 1 else 's'}"


def test_the_last_tricks_taker_is_named_as_a_person_says_it() -> None:
    assert text("web.took", "ru", name="Дуня") == "берёт Дуня"
    assert "взятка у игрока" not in text("web.took", "ru", name="Дуня")


@pytest.mark.parametrize("family", ["rams", "plain"])
def test_the_terminal_asks_the_person_to_move_in_one_person(family: str) -> None:
    """«Ходит Аня: ваш ход» spoke of Аня and to her at once."""
    section = "rams.terminal" if family == "rams" else "plain.screen"
    what = text(f"{section}.what_play", "ru")
    asked = text("terminal.to_move", "ru", name="Аня", what=what)
    assert asked == "Аня, ваш ход: сыграйте карту (Т♠, тп, 10ч или её номер)"
    assert not asked.startswith("Ходит")


def test_one_winner_is_named_in_the_singular() -> None:
    """The web table's end: «Победитель: Кузьма» for one, «Победители: …» for a side."""
    assert text("web.winner", "ru", name="Кузьма") == "Победитель: Кузьма"
    assert text("web.winners", "ru", who="Аня, Вера") == "Победители: Аня, Вера"
    assert text("terminal.winner", "ru", who="Кузьма") == "Победитель партии: Кузьма!"


def test_a_yes_or_no_question_asks_again_for_an_answer_it_cannot_read() -> None:
    """Any other answer once counted as «no»: «да», «y» say yes; Enter, «нет», «n» say no;
    anything else is asked again, with what to type."""
    from rams.terminal.setup import ask_yes

    said: list[str] = []
    answers = iter(["может быть", "ДА"])
    assert ask_yes(lambda _: next(answers), "? ", "ru", said.append) is True
    assert said == ["Ответьте «да» или «нет» (Enter — нет)."]
    for answer, meant in (("", False), ("нет", False), ("n", False), ("y", True), ("д", True)):

        def read(_: str, given: str = answer) -> str:
            return given

        assert ask_yes(read, "? ", "ru", said.append) is meant
    assert len(said) == 1


def test_B3_B4_a_bid_is_read_as_the_table_shows_it_and_a_low_one_refused_in_words() -> None:
    """In Boston's auction «6♥», «7п», «7 ♠», «8 червей», «малый нуль» are bids (they were
    read as cards, or not at all, and refused with «нужно торговаться, а не 6H»); a number
    alone is no bid; a bid too low is refused with what it is worth, in words."""
    names = ["Аня", "Борис", "Вера", "Глеб"]
    match = games.new_match("boston", names=names, rng=random.Random(3))
    deal = match.start_deal()
    family = games.family("boston")
    deal.apply(family.parse_action("bid 7H"), deal.to_move)
    seat = deal.to_move
    view = deal.observation(seat)
    screen = family.screen()
    for typed, meant in (
        ("6♥", "bid 6H"), ("6H", "bid 6H"), ("7п", "bid 7S"), ("7 ♠", "bid 7S"),
        ("8 червей", "bid 8H"), ("малый нуль", "bid small-null"), ("small null", "bid small-null"),
        ("пас", "pass"),
    ):  # fmt: skip
        assert str(screen.parse(typed, view)) == meant, typed
    with pytest.raises(NotationError):
        screen.parse("5", view)  # (once the fifth card of the hand)
    with pytest.raises(IllegalActionError) as refused:
        deal.apply(screen.parse("6♥", view), seat)
    said = refused.value.why("ru", names)
    assert "заявка 6 ♥ стоит" in said and "6H" not in said


def test_B3_the_hint_in_the_auction_says_what_a_bid_must_beat() -> None:
    """It listed the first 12 of 26 bids, with a full stop as if that were all."""
    match = games.new_match("boston", names=["Аня", "Борис", "Вера", "Глеб"], rng=random.Random(3))
    deal = match.start_deal()
    family = games.family("boston")
    assert family.hint(deal.observation(deal.to_move), "ru") == "Любая заявка (B3) или «пас» (B4)."
    deal.apply(family.parse_action("bid 7H"), deal.to_move)
    worth = deal.observation(0).extra["bids"][0][2]
    said = family.hint(deal.observation(deal.to_move), "ru")
    # (it read «Заявка должна стоить больше N (B3); или «пас» (B4).», a semicolon before «или»)
    assert said == f"Нужна заявка дороже {worth} (B3) или «пас» (B4)."
    assert "Можно:" not in said


def test_with_one_card_legal_the_hint_names_it() -> None:
    """W5: Аня leads the A♠ and Борис holds one spade, the J♠: «Можно любую карту» or «Нужно
    отвечать в масть» said less than «Можно только В♠»."""
    from tests.plain.helpers import deal_of, run

    deal = deal_of(
        "whist", 4, 3,
        {0: "AS KS QS 5D 6D 7D 8D 9D TD JD QD KD AD", 1: "JS 2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D"},
    )  # fmt: skip
    run(deal, "p1 AS")
    view = deal.observation(1)
    assert games.family("whist").hint(view, "ru") == "Можно только В♠."
    assert games.family("whist").hint(view, "en") == "Only J♠ may be played."


def test_an_english_screen_has_no_russian_word() -> None:
    """Every English text of the catalogue is English: Даве is «Dave», «Продаю» is said in
    English, Петух is Petukh (the bots' names too: ``table.bot_names``)."""
    cyrillic = re.compile("[\u0400-\u04ff]")
    russian = {
        key: entry["en"] for key, entry in catalogue().items() if cyrillic.search(entry["en"])
    }
    assert russian == {}


def test_a_clauses_source_is_named_as_a_reader_knows_it() -> None:
    """P4 rests on 000 §5, 001 and 002: the seeds are named (the old manual, the web page,
    Rozaliev's book), not numbered; several sources take the plural."""
    book = rulebook("rams")
    assert book.source_line(book.clause("P4"), "ru") == (
        "Источники: старинное руководство, §5; веб-страница о рамсе; "
        "Розалиев, «Карточные игры России»"
    )
    assert book.source_line(book.clause("P4"), "en") == (
        "Sources: the old manual, §5; the web page on Rams; Rozaliev, “Card games of Russia”"
    )
    lines = [book.source_line(c, "ru") for c in book.clauses.values()]
    assert not [line for line in lines if re.search(r"\b\d{3}\b", line)]


# The native reader's review (docs/review-ru.md) ------------------------------------------


def test_a_players_answer_needs_no_grammatical_gender() -> None:
    """«Аня: согласен.» gave Аня a man's word: the third person present has no gender."""
    assert text("plain.event.accept", "ru", who="Аня") == "Аня соглашается."
    assert text("plain.event.decline", "ru", who="Аня") == "Аня отказывается."
    assert text("plain.act.accept", "ru") == "Соглашаюсь"
    assert text("analysis.say.alone", "ru") == "играю без партнёра"
    assert text("analysis.say.accept", "ru") == "соглашаюсь"
    gendered = re.compile(r"\b(согласен|один|сам)\b")
    assert not [
        key for key in ("plain.event.accept", "plain.act.accept", "analysis.say.alone",
                        "analysis.say.reject", "analysis.say.accept")
        if gendered.search(text(key, "ru", who="Аня"))
    ]  # fmt: skip


def test_B3_the_terminal_offers_bids_as_the_table_writes_them() -> None:
    """`?` in Boston's auction listed «5S 5C … 13H» in Latin letters; each word it offers
    now is read back as the bid it names."""
    match = games.new_match("boston", names=["Аня", "Борис", "Вера", "Глеб"], rng=random.Random(3))
    deal = match.start_deal()
    view = deal.observation(deal.to_move)
    screen = games.family("boston").screen()
    offered = screen.choices(view, "ru")
    assert offered[:5] == ["5♠", "5♣", "5♦", "5♥", "6♠"]
    assert offered[-6:] == ["13♥", "малый-нуль", "большой-нуль", "малый-в-открытую",
                            "большой-в-открытую", "пас"]  # fmt: skip
    assert not [w for w in offered if re.search("[A-Za-z]", w)]
    assert [str(screen.parse(w, view)) for w in ("5♠", "13♥")] == ["bid 5S", "bid 13H"]
    assert screen.choices(view, "en")[:2] == ["5S", "5C"]


def test_B3_an_unknown_bid_is_refused_with_the_bids_in_russian() -> None:
    said = NotationError("boston.notation.bid", text="6X", clause="B3").words("ru")
    assert "малый нуль" in said and "6♥" in said and said.startswith("B3: ")
    assert not re.search("[A-Za-z]", said.replace("6X", "").replace("B3", ""))


def test_the_terminal_panel_writes_a_negative_score_with_the_minus_sign() -> None:
    """Boston's panel wrote «-7» (a hyphen) beside the sheet's «−7»; its second pack's card
    was labelled in lower case after «Козырь: —»."""
    import dataclasses

    from rams.terminal.widgets import table_panel
    from tests.test_terminal_screens import screen

    names = ["Аня", "Борис", "Вера", "Глеб"]
    match = games.new_match("boston", names=names, rng=random.Random(3))
    deal = match.start_deal()
    view = deal.observation(0)
    shown = games.family("boston").display(view)
    seats = tuple(dataclasses.replace(s, score=-7 if i == 1 else s.score)
                  for i, s in enumerate(shown.seats))  # fmt: skip
    drawn = screen(
        table_panel(view, dataclasses.replace(shown, seats=seats), names, "ru", "Б", True)
    )
    assert re.search(r"│ Борис +−7 ", drawn), drawn
    assert "-7" not in drawn
    assert "Козырь: —   Со второй колоды: " in drawn


@pytest.mark.parametrize(
    ("value", "lang", "places", "sign", "written"),
    [(-9.757, "ru", 3, False, "−9,757"), (6.54, "ru", 3, True, "+6,540"),
     (0.5, "ru", None, False, "0,5"), (2.0, "ru", None, False, "2"),
     (-9.757, "en", 3, False, "-9.757"), (float("-inf"), "ru", 3, True, "−∞")],
)  # fmt: skip
def test_a_fraction_on_a_russian_screen_has_a_decimal_comma(
    value: float, lang: str, places: int | None, sign: bool, written: str
) -> None:
    from rams.words import decimal

    assert decimal(value, lang, places, sign) == written


def test_simulate_writes_its_figures_with_a_decimal_comma_in_russian() -> None:
    """`rams simulate --lang ru` wrote «-9.757 [-12.856, -6.658]»: a hyphen and a point."""
    import io

    from rich.console import Console

    from rams.sim import simulate, summarize
    from rams.simulate_cli import summary_table
    from rams.words import interval

    assert interval(-9.757, -12.856, -6.658) == "−9,757 [−12,856; −6,658]"
    assert interval(0.333, 0.097, 0.7, "ru", sign=False) == "0,333 [0,097; 0,700]"
    rules = games.family_of("classic").rules("classic", 3)
    summary = summarize(simulate(rules, ["random", "easy", "random"], games=2, seed=1))
    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    console.print(summary_table(summary, "т", "ru"))
    drawn = console.export_text()
    assert re.search(r"\d,\d{3} \[", drawn), drawn
    assert not re.search(r"\d\.\d|-\d", drawn), drawn


def test_no_latin_mu_or_sigma_on_a_russian_screen() -> None:
    """The tournament's caption read «mu − 3 sigma», its column «mu ± sigma»: now in the
    ratings page's words, «сила ± разброс» (it was «μ ± σ» for a while)."""
    latin = re.compile(r"\b(mu|sigma)\b")
    said = {k: re.sub(r"\{[^}]*\}", "", e["ru"]) for k, e in catalogue().items()}  # (no fields)
    assert {k: v for k, v in said.items() if latin.search(v)} == {}
    assert text("tournament.head.mu_sigma", "ru") == "сила ± разброс"
    assert "μ" not in text("tournament.caption", "ru")


def test_the_analysis_says_its_threshold_with_a_decimal_comma() -> None:
    from rams.words import decimal

    said = text("analysis.clean", "ru", count=5, threshold=decimal(0.5, "ru", None))
    assert said == "Разобрано решений: 5; дорогих нет: ни одно не стоило больше 0,5."


def test_the_standings_are_not_headed_with_their_columns_word() -> None:
    """The web's standings were headed «Итог» over a column «Итог»; a tie read «место
    поровну»."""
    assert text("sheet.standings", "ru") == "Итоговые места"
    assert text("web.standScore", "ru") == "Итог"
    tie = text("sheet.place_tie", "ru", place=1, who="Глаша, Дуня", score="0")
    assert tie == "1. Глаша, Дуня — по 0, делят место"


def test_S7_an_overshoot_says_the_record_may_be_below_zero() -> None:
    """«— Аня, но при нуле» was said of a record at −17 too."""
    said = text("rams.event.overshoot", "ru", count=2, who="Аня", record=25)
    assert (
        said == "Взятка 2 — Аня, хотя запись уже на нуле или ниже: перебор, запись снова 25 (S7)."
    )


def test_the_free_leads_hint_does_not_repeat_your_turn() -> None:
    """It stood under «Ваш ход» and began «Ваш ход: …» again."""
    assert text("plain.hint.free_lead", "ru") == "Можно ходить с любой карты."
    assert text("rams.hint.free_lead", "ru") == "можно ходить с любой карты (P1)"


@pytest.mark.parametrize(
    ("key", "was", "now"),
    [("web.sumTricks", "взяток", "взятки"),
     ("web.online", "в игре", "в сети"),
     ("rams.clash.petukh_30", "в Петухе колодой", "в петухе с колодой"),
     ("web.intro", "а с ним петух", "Здесь же можно сыграть в петуха"),
     ("web.settleWhy", "Слева — запись на конец игры", "«Итог» — запись в конце партии"),
     ("analysis.bid", "заказ", "заявка")],
)  # fmt: skip
def test_a_phrase_the_review_changed_is_gone(key: str, was: str, now: str) -> None:
    said = catalogue()[key]["ru"]
    assert was not in said and now in said


def test_the_number_of_deals_is_not_said_twice() -> None:
    """Boston's rules panel read «число сдач: 2 сдачи»."""
    for family in ("boston", "ramsch"):
        assert rulebook(family).option_name("deals", "ru") == "длина партии"
        assert rulebook(family).option_value("deals", 2, "ru") == "2 сдачи"
