/* The site's search box knows cards: above the theme's page results it lists, from data/cards.json (loaded
   the first time someone types), the cards the words name with their verdict (each opens the card lookup),
   then the coalition types and leaders whose names match, and a rule number ("906.5e") as a jump to its rule.
   Enter opens the card, type or rule the words name exactly; anything else is the theme's own search. None
   of this depends on which pages the theme indexes: generated pages are left out of its index for speed. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var RULE = /^\s*(?:rule\s+)?(906(?:\.\d+[a-z]?)?)\s*$/i;
  var CARDS = 6;
  var TYPES = 5;
  var index = null;
  var timer = null;

  function siteRoot() {
    var config = document.getElementById("__config");
    var base = config ? JSON.parse(config.textContent).base : ".";
    return new URL(base.replace(/\/?$/, "/"), window.location.href).href;
  }

  function cards() {
    if (!index) {
      index = C.loadCards(siteRoot() + "data/cards.json").then(function (loaded) {
        if (!loaded.names) loaded.names = C.names.NameIndex.fromCards(loaded.cards);
        return loaded;
      });
      index.catch(function () { index = null; });
    }
    return index;
  }

  function ruleHit(root, query) {
    var match = RULE.exec(query);
    if (!match) return null;
    var number = match[1].toLowerCase();
    return { href: root + "rules/#" + number.replace(/\./g, "-"), title: "Rule " + number, note: "Coalition's rules" };
  }

  function verdict(card) {
    if (!card.l) return '<span class="verdict not-legal">not legal</span>';
    return card.lo ? '<span class="verdict leader-only">leader only</span>' : '<span class="verdict legal">legal</span>';
  }

  // Coalition types by name: "goblins" finds Goblin (a plural's -s or -es), "gob" the types starting so.
  function typeHits(loaded, query) {
    var wanted = C.names.key(query);
    if (wanted.length < 3) return [];
    var exact = [];
    var starts = [];
    loaded.coalitionTypes.forEach(function (type) {
      var own = C.names.key(type);
      if (own === wanted || wanted === own + "s" || wanted === own + "es") exact.push(type);
      else if (own.indexOf(wanted) === 0) starts.push(type);
    });
    return exact.concat(starts).slice(0, TYPES);
  }

  function link(href, title, note, extra) {
    // The first child carries a score: the theme's Enter reads one from every result link's first child.
    return '<li><a href="' + C.escape(href) + '"><span class="coalition-hit" data-md-score="0"><strong>' + title +
      "</strong> " + note + "</span></a>" + (extra || "") + "</li>";
  }

  function render(box, root, loaded, query) {
    var rule = ruleHit(root, query);
    var positions = loaded.names.suggest(query, CARDS);
    var types = typeHits(loaded, query);
    var html = "";
    if (rule) html += "<h2>Rule</h2><ul>" + link(rule.href, C.escape(rule.title), C.escape(rule.note)) + "</ul>";
    if (positions.length) {
      html += "<h2>Cards</h2><ul>" + positions.map(function (i) {
        var card = loaded.cards[i];
        var leader = card.L && card.L.length ? ' <a class="coalition-hit-extra" href="' + root + "leaders/" + C.slugify(card.n) + '/">leader page</a>' : "";
        return link(root + "lookup/?card=" + encodeURIComponent(card.n), C.escape(card.n),
          verdict(card) + ' <span class="coalition-hit-type">' + C.escape(card.t) + "</span>", leader);
      }).join("") + "</ul>";
    }
    if (types.length) {
      html += "<h2>Coalition types</h2><ul>" + types.map(function (type) {
        return link(root + "types/" + C.slugify(type) + "/", C.escape(type) + " coalition", "");
      }).join("") + "</ul>";
    }
    box.innerHTML = html;
    box.hidden = !html;
  }

  // Where Enter goes: a rule number, the card the words name exactly (or a legend's short name), the type.
  function exactTarget(root, loaded, query) {
    var rule = ruleHit(root, query);
    if (rule) return rule.href;
    var position = loaded && loaded.names.resolve(query);
    if (position !== null && position !== undefined && position !== false) {
      return root + "lookup/?card=" + encodeURIComponent(loaded.cards[position].n);
    }
    var types = loaded ? typeHits(loaded, query) : [];
    if (types.length && C.names.key(types[0]).length + 2 >= C.names.key(query).length) {
      return root + "types/" + C.slugify(types[0]) + "/";
    }
    return null;
  }

  function hitsBox() {
    var result = document.querySelector(".md-search-result");
    if (!result) return null;
    var box = result.querySelector(".coalition-search");
    if (!box) {
      box = document.createElement("div");
      box.className = "coalition-search";
      box.hidden = true;
      result.insertBefore(box, result.firstChild);
    }
    return box;
  }

  function onInput(input) {
    var box = hitsBox();
    if (!box) return;
    var query = input.value;
    clearTimeout(timer);
    if (C.names.key(query).length < 2 && !RULE.test(query)) {
      box.hidden = true;
      box.innerHTML = "";
      return;
    }
    timer = setTimeout(function () {
      var root = siteRoot();
      cards().then(function (loaded) {
        if (input.value === query) render(box, root, loaded, query);
      }, function () {
        box.hidden = false;
        box.innerHTML = "<p>The card index could not be loaded.</p>";
      });
    }, 60);
  }

  document.addEventListener("input", function (event) {
    if (event.target && event.target.matches && event.target.matches("input.md-search__input")) onInput(event.target);
  });

  // Enter on an exact name, type or rule number: go there instead of the theme's best page.
  window.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input || !input.matches || !input.matches("input.md-search__input")) return;
    var query = input.value;
    var root = siteRoot();
    var rule = ruleHit(root, query);
    var loaded = null;
    if (!rule && !index) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    (rule ? Promise.resolve(null) : cards()).then(function (value) {
      loaded = value;
      var target = exactTarget(root, loaded, query);
      var first = document.querySelector(".coalition-search a, .md-search-result__list a");
      if (!target && first) target = first.href;
      if (target) go(target);
    });
  }, true);

  // A click on a link, so the theme's instant navigation (and its closing of the search) takes it.
  function go(href) {
    var anchor = document.createElement("a");
    anchor.href = href;
    anchor.hidden = true;
    (hitsBox() || document.body).appendChild(anchor);
    anchor.click();
    anchor.remove();
  }
})();
