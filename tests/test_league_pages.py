"""The league pages rendered from data/leagues/ (without a build): standings, chart, finals, weeks."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from generator.errors import BuildError
from generator.league.cardcheck import CardChecker
from generator.league.chart import STYLES, points_chart
from generator.league.check import check_season
from generator.league.pages import describe, league_pages
from generator.league.rules import load_rules
from generator.league.season import load_season
from generator.league.standings import standings
from generator.paths import PROJECT_ROOT
from tests.league_support import SAMPLE_SEASON, teams, write_season


def pages(data_dir=PROJECT_ROOT / "data") -> dict[str, str]:
    return dict(league_pages(data_dir))


def test_every_season_file_gets_its_pages_and_the_index_lists_it():
    rendered = pages()
    assert {"mazerunner/leagues/index.md", "mazerunner/leagues/sample-season/index.md",
            "mazerunner/leagues/sample-season/weeks.md"} <= set(rendered)
    assert 'href="sample-season/"' in rendered["mazerunner/leagues/index.md"]


def test_every_league_page_of_every_season_is_kept_offline(tmp_path):
    """The league runner reads these pages at the venue, often without a network: each says `offline:` in its
    front matter (hooks/offline.py keeps such pages with the table pages), a season added to the data too.
    None of them fetches data, so they name none."""
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", data / "formats")
    (data / "leagues").mkdir()
    write_season(data / "leagues", {"teams": teams(4, 1), "weeks": []}, "spring-2027.yml")
    write_season(data / "leagues", {"teams": teams(4, 1), "weeks": []}, "autumn-2027.yml")
    rendered = pages(data)
    assert set(rendered) == {"mazerunner/leagues/index.md"} | {
        f"mazerunner/leagues/{season}/{page}" for season in ("spring-2027", "autumn-2027")
        for page in ("index.md", "weeks.md")}
    for path, page in rendered.items():
        assert yaml.safe_load(page.split("---\n")[1]).get("offline") == [], path

def test_standings_page_ranks_teams_and_seats_the_final():
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    report = standings(load_season(SAMPLE_SEASON, load_rules()))
    ranked = re.findall(r'<tr><td>(\d+)</td><td><a href="#team-[^"]+">([^<]+)</a>', page)
    assert ranked == [(str(t["rank"]), t["name"]) for t in report["teams"]]
    seats = re.findall(r"<li>Seat (\d): <strong>([^<]+)</strong>", page)
    assert seats == [(str(f["seat"]), f["team"]) for f in report["finals"]]
    assert page.count("<polyline") == len(report["teams"])


def test_weeks_page_shows_every_game_with_points_and_events():
    page = pages()["mazerunner/leagues/sample-season/weeks.md"]
    loaded = load_season(SAMPLE_SEASON, load_rules())
    assert page.count('<section class="league-game"') == sum(len(week.games) for week in loaded.season.weeks)
    first = loaded.season.weeks[0].games[0]
    assert f"<td>{first.pod[0]}</td>" in page
    assert "won" in page and "eliminated" in page


def test_names_are_escaped(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", data / "formats")
    (data / "leagues").mkdir()
    season_teams = teams(4, 1)
    season_teams[0]["players"] = ["<b>Bold</b> & *star*"]
    write_season(data / "leagues", {"teams": season_teams, "weeks": [{"games": [
        {"pod": ["<b>Bold</b> & *star*", "T1a", "T2a", "T3a"], "events": [{"won": "T1a"}]}]}]}, "odd.yml")
    rendered = pages(data)
    assert "<b>Bold</b>" not in rendered["mazerunner/leagues/odd/weeks.md"]
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; *star*" in rendered["mazerunner/leagues/odd/weeks.md"]


def test_a_broken_season_stops_the_build_with_its_line(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", data / "formats")
    (data / "leagues").mkdir()
    write_season(data / "leagues", {"teams": teams(4, 1), "weeks": [{"games": [{"pod": ["T0a", "T0a"]}]}]})
    with pytest.raises(BuildError, match=r"season.yml:\d+: "):
        pages(data)


def test_chart_scales_every_team_and_is_labelled():
    chart = str(points_chart([("A", [1, 3]), ("B", [0, 0])], "title <x>"))
    assert chart.count("<polyline") == 2 and "title &lt;x&gt;" in chart and ">A 3<" in chart
    assert points_chart([], "empty") == ""


def test_teams_show_submitted_decklists_and_who_has_none():
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    ada = (PROJECT_ROOT / "data" / "leagues" / "decks" / "Ada.txt").read_text(encoding="utf-8")
    commander = ada.split("Commander\n1 ", 1)[1].splitlines()[0]
    assert f"<summary>Ada: {commander}</summary>" in page.replace("&#39;", "'")
    assert "<summary>Kai: no deck list on file</summary>" in page
    assert "Main deck: 100 cards" in page


def test_the_sample_seasons_missing_decks_are_the_penalised_ones():
    """Review of 2026-11-26, item 15: 14 of 16 players showed "no deck submitted" beside one -2 for it. Every
    penalty `coalition league check` implies from the files (without card data) is one the season records."""
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    missing = re.findall(r"<summary>(\w+): no deck list on file</summary>", page)
    report = check_season(load_season(SAMPLE_SEASON, load_rules()))
    assert missing == [issue["player"] for issue in report["issues"] if issue["rule"] == "4e-i"] == ["Kai"]
    assert report["penalties"] and all(penalty["recorded"] for penalty in report["penalties"])


def test_the_season_page_says_when_the_last_played_week_was():
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    assert "first games on 2026-11-07. 3 of 6 weeks played, the last on 2026-11-21." in page


def test_standings_say_by_how_many_points_each_team_leads_the_next():
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    teams_ranked = standings(load_season(SAMPLE_SEASON, load_rules()))["teams"]
    rows = re.findall(r"<tr><td>\d+</td><td><a href=\"#team-.*?<td>([^<]*)</td></tr>", page)
    points = [t["points"] for t in teams_ranked]
    gaps = [str(a - b) for a, b in zip(points, points[1:])] + [""]
    assert rows[: len(gaps)] == gaps, "the last column is each team's lead in points over the next"


def test_a_lead_decided_by_a_tie_breaker_names_it(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", data / "formats")
    (data / "leagues").mkdir()
    # T1 and T0 both take 2 points; T1 won the game (tests/test_league_standings.py's wins case)
    events = [{"eliminated": ["T2a"], "by": "T0a"}, {"eliminated": ["T3a"], "by": "T0a"}, {"won": "T1a"}]
    write_season(data / "leagues", {"teams": teams(4, 1), "weeks": [{"games": [
        {"pod": ["T0a", "T1a", "T2a", "T3a"], "events": events}]}]}, "tb.yml")
    page = pages(data)["mazerunner/leagues/tb/index.md"]
    cells = re.findall(r"<tr><td>\d+</td><td><a href=\"#team-.*?<td>([^<]*)</td></tr>", page)
    assert cells[:2] == ["0, on wins", "2"], cells


def test_strength_of_schedule_is_printed_in_one_number_format():
    """Review of 2026-11-26, item 15: "3.0" beside "2.167" and "2.75"."""
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    cells = re.findall(r"<tr><td>\d+</td><td><a href=\"#team-[^<]*</a></td><td>[A-Z]+</td><td>-?\d+</td><td>\d+</td>"
                       r"<td>([^<]*)</td>", page)
    assert len(cells) == 4 and all(re.fullmatch(r"\d+\.\d{3}", cell) for cell in cells), cells


def test_the_index_says_which_way_strength_of_schedule_ranks():
    """Review of 2026-11-27: the tables rank a higher strength of schedule first, and nothing said so."""
    index = pages()["mazerunner/leagues/index.md"]
    assert "The higher ranks first" in index.split("**Strength of schedule**", 1)[1].split("- **", 1)[0]


def test_the_player_table_has_the_standings_order_and_says_how_it_ranks():
    """One ranking for the page and `coalition league standings`; the page names our reading of rule 4c for
    players, from league.yml."""
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    table = page.split('id="player-standings"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>(\d+=?)</td><td>([^<]+)</td>", table)
    players = standings(load_season(SAMPLE_SEASON, load_rules()))["players"]
    assert rows == [(p["rank_label"], p["name"]) for p in players]
    assert "players are ranked, as this league reads it, by\npoints, then wins, then strength of schedule, then " \
           "head-to-head points" in page


def season_with_a_flagged_deck(tmp_path):
    """A data folder with one season, marked.yml: four one-player teams; T0a's team is RW and its list plays
    Swan Song (blue: rule 2b flags it), the other players have no list on file."""
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", data / "formats")
    (data / "leagues" / "decks").mkdir(parents=True)
    (data / "leagues" / "decks" / "T0a.txt").write_text(
        "Commander\n1 Depala, Pilot Exemplar\n\nDeck\n1 Swan Song\n98 Wastes\n", encoding="utf-8")
    season_teams = teams(4, 1)
    season_teams[0]["identity"] = "RW"
    write_season(data / "leagues", {"teams": season_teams, "decks": "decks/"}, "marked.yml")
    return data


def test_with_the_card_database_the_decklists_mark_what_league_check_flags(tmp_path, fixture_db_path):
    """Review of 2026-11-26: Finn's list showed Counterspell unmarked while the penalties cited an illegal card.
    With the build's database the page runs `coalition league check`'s own check and marks each card it flags."""
    import duckdb

    data = season_with_a_flagged_deck(tmp_path)
    loaded = load_season(data / "leagues" / "marked.yml", load_rules(data))
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        page = dict(league_pages(data, con=con))["mazerunner/leagues/marked/index.md"]
        report = check_season(loaded, CardChecker(con, loaded))
    flagged = [i for i in report["issues"] if i["player"] == "T0a"]
    assert [(i["rule"], i["cards"]) for i in flagged] == [("2b", ["Swan Song"])]
    assert "<li>1 Swan Song <strong class=\"league-flag\">flagged: rule 2b</strong></li>" in page
    assert "<li>Rule 2b: 1 card has a color identity outside WR: Swan Song.</li>" in page
    assert "<li>98 Wastes</li>" in page and "<li>1 Depala, Pilot Exemplar (commander)</li>" in page
    unchecked = dict(league_pages(data))["mazerunner/leagues/marked/index.md"]
    assert "league-flag" not in unchecked and "<li>1 Swan Song</li>" in unchecked


def test_a_flagged_deck_says_so_on_its_collapsed_row(tmp_path, fixture_db_path):
    """Review of 2026-11-27: the Teams rows all looked alike until opened. The row (the summary) of a deck the
    check flags says so in the check's own words, a list on file or not; an unflagged row says nothing more."""
    import duckdb

    data = season_with_a_flagged_deck(tmp_path)
    with duckdb.connect(str(fixture_db_path), read_only=True) as con:
        page = dict(league_pages(data, con=con))["mazerunner/leagues/marked/index.md"]
    summaries = dict(re.findall(r"<summary>(\w+): (.*?)</summary>", page))
    assert summaries["T0a"] == ('Depala, Pilot Exemplar <span class="league-deck-mark"><strong>Flagged:</strong> '
                                'rule 2b, 1 card has a color identity outside WR: Swan Song</span>')
    assert summaries["T1a"].startswith('no deck list on file <span class="league-deck-mark"><strong>Flagged:'
                                       '</strong> rule 4e-i, no deck file T1a.txt')


def test_chart_moves_end_labels_apart_and_keeps_their_order():
    chart = str(points_chart([("Rakdos", [4, 8]), ("Simic", [4, 7]), ("Boros", [9, 18])], "t"))
    baselines = {name: float(y) for y, name in re.findall(r'y="([\d.]+)" fill="#\w+" class="label">(\w+)', chart)}
    assert baselines["Rakdos"] < baselines["Simic"] and baselines["Simic"] - baselines["Rakdos"] >= 17


@pytest.mark.parametrize("event, words", [
    ({"eliminated": ["Ana", "Ben"], "by": "Ana"}, "Ana caused themselves to lose along with Ben"),
    ({"eliminated": ["Ben", "Cy"], "by": "Ben", "controlled_by": "Ana"},
     "Ana, controlling Ben's turn, caused Ben to lose along with Cy"),
    ({"eliminated": ["Ana", "Ben", "Cy"], "by": "Ana"}, "Ana caused themselves to lose along with Ben and Cy"),
    ({"eliminated": ["Ben", "Cy", "Dee"], "by": None}, "Ben, Cy and Dee lost to the game itself (point to the winner pool)"),
    ({"eliminated": ["Ben", "Cy"], "by": "Ana"}, "Ana eliminated Ben and Cy")])
def test_a_season_page_words_a_loss_that_takes_its_cause_with_it_as_the_pod_tracker_does(event, words):
    """Rule 4d-vi's words, as tests/browser/test_mazerunner_pod.py checks the tracker's: never "Ana eliminated Ana"."""
    assert describe(event) == words


def test_players_level_on_every_tie_breaker_share_a_marked_rank_on_the_page():
    """Review of the sample season: Oona and Pip, level on everything, were ranked 3 and 4 with no mark."""
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    assert "<tr><td>3=</td><td>Oona</td>" in page and "<tr><td>3=</td><td>Pip</td>" in page
    assert "<tr><td>5</td><td>Ivo</td>" in page
    ties = page.split('<ul class="league-ties" id="player-ties">', 1)[1].split("</ul>", 1)[0]
    assert ties.strip() == ("<li>Tied at 3=: Oona and Pip, level on points, wins, strength of schedule and "
                            "head-to-head points; they never played each other. Their order in the table is the "
                            "season file's, no ruling.</li>")
    assert 'id="team-ties"' not in page


def test_the_finals_seats_are_provisional_while_weeks_remain():
    page = pages()["mazerunner/leagues/sample-season/index.md"]
    assert ("<strong>Provisional:</strong> weeks 4, 5 and 6 are still to come, so these are the seats if the "
            "season ended today" in page)
    assert "Settled:" not in page


def league_of(tmp_path, season: dict) -> dict[str, str]:
    """The pages of a data folder holding the one season `season` (tied.yml)."""
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", data / "formats")
    (data / "leagues").mkdir()
    write_season(data / "leagues", season, "tied.yml")
    return pages(data)


def test_the_finals_say_which_games_still_have_no_results(tmp_path):
    """Review: every week partly played and one game unreported read "Provisional: 6 of 6 weeks played"."""
    game = {"pod": ["T0a", "T1a", "T2a", "T3a"], "events": [{"won": "T0a"}]}
    weeks = [{"games": [game, {**game, "pod": ["T4a", "T5a", "T6a", "T7a"], "events": [{"won": "T4a"}]}]}
             for _ in range(6)]
    weeks[5]["games"][1]["events"] = []
    page = league_of(tmp_path, {"teams": teams(8, 1), "weeks": weeks})["mazerunner/leagues/tied/index.md"]
    assert ('<strong>Provisional:</strong> 1 game of week 6 still has no results, so these are the seats if the '
            "season ended today; the ranking after the last week sets them.</p>") in page
    assert "6 of 6 weeks played, so" not in page


def test_the_index_lists_three_teams_tied_first_as_a_list(tmp_path):
    """Review: "T0 and T1 and T2 (tied)"; no games, so T3's penalty alone sets it behind the other three."""
    season = {"teams": teams(4, 1), "penalties": [{"player": "T3a", "points": -1, "reason": "late to the table"}]}
    index = league_of(tmp_path, season)["mazerunner/leagues/index.md"]
    assert "<td>T0, T1 and T2 (tied)</td>" in index


def test_a_tie_across_the_finals_cut_is_for_the_last_seat_on_the_page(tmp_path):
    """Review: "tied with T4: no tie-breaker orders their seats" where T4 has no seat."""
    season = {"teams": teams(5, 1), "penalties": [{"player": p, "points": points, "reason": "late to the table"}
                                                  for p, points in (("T1a", -1), ("T2a", -2), ("T3a", -3), ("T4a", -3))]}
    page = league_of(tmp_path, season)["mazerunner/leagues/tied/index.md"]
    assert ("<li>Seat 4: <strong>T3</strong> (rank 4=, tied with T4 for the last seat: the league runner decides "
            "who plays the final, rule 3f)</li>") in page
    assert "no tie-breaker orders their seats" not in page


def tied_league(tmp_path, weeks: int = 6):
    """T0 and T1 level on everything after `weeks` weeks of two games turn about (each eliminates the other in
    one of them), and T2 and T3 likewise."""
    data = tmp_path / "data"
    shutil.copytree(PROJECT_ROOT / "data" / "formats", data / "formats")
    (data / "leagues").mkdir()
    events = [{"eliminated": ["T3a"], "by": "T2a"}, {"eliminated": ["T2a"], "by": "T0a"},
              {"eliminated": ["T0a"], "by": "T1a"}]
    game = [{"pod": ["T0a", "T1a", "T2a", "T3a"], "events": events}]
    turned = [{"pod": ["T0a", "T1a", "T2a", "T3a"], "events": [
        {"eliminated": ["T2a"], "by": "T3a"}, {"eliminated": ["T3a"], "by": "T1a"}, {"eliminated": ["T1a"], "by": "T0a"}]}]
    season_weeks = [{"games": game if w % 2 == 0 else turned} for w in range(weeks)]
    write_season(data / "leagues", {"teams": teams(4, 1), "weeks": season_weeks}, "tied.yml")
    return pages(data)


def test_tied_teams_share_a_rank_the_seats_say_so_and_a_full_season_settles_them(tmp_path):
    rendered = tied_league(tmp_path)
    page = rendered["mazerunner/leagues/tied/index.md"]
    ranks = re.findall(r'<tr><td>(\d+=?)</td><td><a href="#team-[^"]+">([^<]+)</a>', page)
    assert ranks == [("1=", "T0"), ("1=", "T1"), ("3=", "T2"), ("3=", "T3")]     # T2 and T3 alike, a lap behind
    assert ("<li>Tied at 1=: T0 and T1, level on points, wins, strength of schedule, the strongest player and "
            "head-to-head points. Their order in the table") in page
    assert "<li>Seat 1: <strong>T0</strong> (rank 1=, tied with T1: no tie-breaker orders their seats)</li>" in page
    assert "<strong>Settled:</strong> every week of the season has its results" in page
    assert "Provisional" not in page
    assert "<td>T0 and T1 (tied)</td>" in rendered["mazerunner/leagues/index.md"]


def contrast(one: str, other: str) -> float:
    def luminance(colour: str) -> float:
        values = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in values]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_chart_colour_is_text_contrast_on_its_schemes_page():
    """The end labels are text in the line's colour: 4.5:1 on the light page (white) and on the dark one
    (#1e2129), where the labels once measured 2.29:1 to 3.14:1; and the dark colour is the one drawn there."""
    for light, dark, _ in STYLES:
        assert contrast(light, "#ffffff") >= 4.5 and contrast(dark, "#1e2129") >= 4.5, (light, dark)
    chart = str(points_chart([("A", [1, 3])], "t"))
    assert chart.count(f'style="--dark: {STYLES[0][1]}" ') == 2


@pytest.mark.parametrize("reading, words", [
    ("report", "proves no card illegal: it is reported for the league runner to settle, and no penalty is computed"),
    ("illegal", "counts as an illegal deck and owes its penalty as an illegal card does"),
])
def test_the_index_says_the_reading_of_lines_the_check_cannot_read(reading, words):
    """league.yml `unread_deck_lines`, one switch: the league rules page says which reading is in force."""
    rules = load_rules().model_copy(update={"unread_deck_lines": reading})
    index = " ".join(dict(league_pages(PROJECT_ROOT / "data", rules))["mazerunner/leagues/index.md"].split())
    assert words in index and "`unread_deck_lines` in the league data" in index


@pytest.mark.parametrize("reading, words", [("owed", "an illegal deck owes the penalty at once"),
                                             ("warn", "an illegal deck gets a warning only")])
def test_the_index_says_the_grace_days_and_the_no_deadline_reading(reading, words):
    """The league rules page (the index's readings) follows league.yml: the grace days' number and the switch."""
    rules = load_rules().model_copy(update={"illegal_deck_without_deadline": reading})
    index = " ".join(dict(league_pages(PROJECT_ROOT / "data", rules))["mazerunner/leagues/index.md"].split())
    assert f"made legal through the {rules.grace_days_after_sideboard} days after the sideboard deadline" in index
    assert words in index
