"""The GitHub Actions workflows: what runs when, with which permissions, and that a bad night cannot deploy."""

from __future__ import annotations

import re

import pytest
import yaml

from generator.paths import PROJECT_ROOT

WORKFLOWS = PROJECT_ROOT / ".github" / "workflows"


def load(name: str) -> dict:
    workflow = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    # YAML 1.1 reads the key `on` as True.
    workflow["on"] = workflow.pop(True, workflow.get("on"))
    return workflow


def steps(job: dict) -> list[dict]:
    return job.get("steps", [])


def uses(job: dict) -> list[str]:
    return [step["uses"] for step in steps(job) if "uses" in step]


def runs(job: dict) -> str:
    return "\n".join(step.get("run", "") for step in steps(job))


@pytest.fixture(scope="module")
def ci() -> dict:
    return load("ci.yml")


@pytest.fixture(scope="module")
def nightly() -> dict:
    return load("nightly.yml")


def test_only_the_two_workflows_exist():
    assert sorted(p.name for p in WORKFLOWS.glob("*.y*ml")) == ["ci.yml", "nightly.yml"]


def test_every_action_is_pinned_to_a_version():
    for name in ("ci.yml", "nightly.yml"):
        for job in load(name)["jobs"].values():
            for action in uses(job):
                assert re.fullmatch(r"[\w.-]+/[\w.-]+(/[\w.-]+)?@(v\d+(\.\d+)*|[0-9a-f]{40})", action), action


def test_ci_runs_the_tests_and_builds_the_sample_site_on_push_and_pull_request(ci):
    assert set(ci["on"]) >= {"push", "pull_request"}
    assert ci["permissions"] == {"contents": "read"}
    script = "\n".join(runs(job) for job in ci["jobs"].values())
    assert "bash .ci/run" in script
    assert "coalition build --sample" in script
    assert "generator.site.check site" in script


def test_nightly_runs_on_a_schedule_and_by_hand(nightly):
    assert nightly["on"]["schedule"][0]["cron"].count(" ") == 4
    assert "workflow_dispatch" in nightly["on"]


def test_nightly_has_least_privilege(nightly):
    assert nightly["permissions"] == {"contents": "read"}
    for name, job in nightly["jobs"].items():
        granted = job.get("permissions", {})
        if name == "deploy":
            assert granted == {"pages": "write", "id-token": "write"}
        else:
            assert not granted or all(level in ("read", "none") for level in granted.values()), name


def test_nightly_deploys_one_at_a_time(nightly):
    assert nightly["concurrency"]["group"] == "pages"
    assert nightly["concurrency"]["cancel-in-progress"] is False


def test_nightly_caches_the_bulk_file_by_scryfalls_updated_at(nightly):
    build = nightly["jobs"]["build"]
    caches = [step for step in steps(build) if step.get("uses", "").startswith("actions/cache@")]
    assert len(caches) == 1
    assert caches[0]["with"]["path"] == "build/cache"
    assert "steps.scryfall.outputs.updated_at" in caches[0]["with"]["key"]
    assert "api.scryfall.com/bulk-data/oracle-cards" in runs(build) and "updated_at" in runs(build)


def test_nightly_builds_checks_then_uploads_in_that_order(nightly):
    build = steps(nightly["jobs"]["build"])
    order = [i for i, step in enumerate(build) if "coalition build" in step.get("run", "")] + \
            [i for i, step in enumerate(build) if "generator.site.check" in step.get("run", "")] + \
            [i for i, step in enumerate(build) if step.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert len(order) == 3 and order == sorted(order)
    # No step may carry on after a failure: a failed build or check must stop the job before the upload.
    assert not any(step.get("continue-on-error") for step in build)
    assert not any("|| true" in step.get("run", "") for step in build)


def test_nightly_deploys_only_after_the_build_and_only_when_something_changed(nightly):
    deploy = nightly["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert "needs.build.outputs.deploy == 'true'" in deploy["if"]
    assert uses(deploy) == ["actions/deploy-pages@v4"]
    assert deploy["environment"]["name"] == "github-pages"
    assert "always()" not in str(deploy.get("if", ""))
    assert nightly["jobs"]["build"]["outputs"]["deploy"] == "${{ steps.build.outputs.deploy }}"


def test_nightly_skips_on_the_published_fingerprint(nightly):
    """Unchanged inputs: the build stops before building, leaves no site/, and nothing is deployed."""
    build_steps = steps(nightly["jobs"]["build"])
    fetch = next(step for step in build_steps if step.get("id") == "published")
    assert 'data/fingerprint.txt' in fetch["run"] and "build/published-fingerprint.txt" in fetch["run"]
    build = next(step for step in build_steps if step.get("id") == "build")
    assert "coalition build --published-fingerprint build/published-fingerprint.txt" in build["run"]
    assert 'if [ -f site/index.html ]' in build["run"] and "deploy=false" in build["run"]
    assert "FORCE" in build["env"] and "$FORCE" in build["run"]
    for step in build_steps[build_steps.index(build) + 1:]:
        assert step["if"] == "steps.build.outputs.deploy == 'true'", step["name"]


def test_nightly_runs_the_tests_before_it_builds_and_deploys(nightly):
    build_steps = steps(nightly["jobs"]["build"])
    tests = [i for i, step in enumerate(build_steps) if "pytest" in step.get("run", "")]
    build = [i for i, step in enumerate(build_steps) if "coalition build" in step.get("run", "")]
    assert len(tests) == 1 and tests[0] < build[0]
    assert "[test]" in runs(nightly["jobs"]["build"])
    assert "if" not in build_steps[tests[0]]  # a failing test fails the job: no deploy


def test_the_change_state_is_saved_only_after_a_deployment(nightly):
    remember = nightly["jobs"]["remember"]
    assert set(remember["needs"]) == {"build", "deploy"}
    assert "if" not in remember  # default success(): skipped when the deploy failed or was skipped
    assert any(action.startswith("actions/cache/save@") for action in uses(remember))


def test_no_expression_is_pasted_into_a_shell_script():
    for name in ("ci.yml", "nightly.yml"):
        for job in load(name)["jobs"].values():
            for step in steps(job):
                assert "${{" not in step.get("run", ""), f"{name}: {step.get('name')}"


def test_nightly_compares_with_the_published_build(nightly):
    build = nightly["jobs"]["build"]
    names = [step.get("name", "") for step in steps(build)]
    fetch = names.index("Fetch the published summary, change history and fingerprint")
    assert fetch < names.index("Build the database and the site (stops on any failed data check or guard)")
    assert "data/summary.json.gz" in runs(build) and "data/changes-history.json" in runs(build)
    # The cache copy of the change state is saved only after a successful deployment.
    remember = nightly["jobs"]["remember"]
    assert "deploy" in remember["needs"]
    saved = [step for step in steps(remember) if step.get("uses", "").startswith("actions/cache/save")]
    assert any("changes-history.json" in step["with"]["path"] for step in saved)
