"""generator/site/check.py: the budgets a built site must meet before it is deployed (issues 3 and 15)."""

from __future__ import annotations

from generator.site.check import MAX_PAGE_BYTES, budget_problems, main as check_main, site_figures


def test_no_page_may_pass_500_kb(tmp_path):
    site = tmp_path / "site"
    (site / "leaders").mkdir(parents=True)
    (site / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (site / "leaders" / "index.html").write_bytes(b"x" * MAX_PAGE_BYTES)
    figures = site_figures(site)
    assert MAX_PAGE_BYTES == 500_000 and figures["largest_page"] == "leaders/index.html"
    assert budget_problems(figures) == []
    (site / "leaders" / "index.html").write_bytes(b"x" * (MAX_PAGE_BYTES + 1))
    assert budget_problems(site_figures(site)) == ["largest_page_bytes is 500,001, over its budget of 500,000"]
    assert check_main([str(site)]) == 1


def test_the_whole_site_may_not_pass_500_mb(tmp_path):
    """Four formats on today's cards make a 192 MB site; a runaway (issue 3's 3.3 GB navigation) must fail."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>home</p>", encoding="utf-8")
    figures = dict(site_figures(site), site_bytes=500_000_000)
    assert budget_problems(figures) == []
    figures["site_bytes"] += 1
    assert budget_problems(figures) == ["site_bytes is 500,000,001, over its budget of 500,000,000"]
