/* The site's formats and their rules, for the header's search box (search.js) and the card lookup
   (lookup-pointers.js, through C.siteSearch): the list of formats, each format's data/format.json once read,
   which format a page is in, and the rule a number names in each format whose rules text defines it (12.5e,
   3.8, 2e-ii: the numbers of each format's format.json `rule_urls`), and the formats whose rules could not be
   read, in words the box and the lookup share. Split from search.js. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  // Shaped like a rule number of some format; whether it is one, each format's data says.
  var RULE = /^\s*(?:rule\s+)?(\d+(?:\.\d+)?[a-z]?(?:-[ivx]+)?)\.?\s*$/i;
  var formats = null;

  // Every format of the site: {url, home, name}, and its format.json once read. Their list (the default format's
  // `formats`) is written in by the build (hooks/data_into_scripts.py): one format's file failing hides it alone.
  var LISTED = /* data/format.json formats */ null;
  function siteFormats(root) {
    if (!formats) {
      var own = root + "data/format.json";
      formats = (LISTED ? Promise.resolve({ formats: LISTED }) : C.loadJson(own)).then(function (site) {
        return (site.formats || [{ url: "format.json", name: site.name }]).map(function (entry) {
          var url = new URL(entry.url, own).href;
          return { url: url, home: new URL("../", url).href, name: entry.name || "", format: entry.format || "",
                   data: url === own && !LISTED ? Promise.resolve(site) : null };
        });
      });
      formats.catch(function () { formats = null; });
    }
    return formats;
  }

  function formatJson(entry) {
    if (!entry.data) {
      entry.data = C.loadJson(entry.url);
      entry.data.catch(function () { entry.data = null; });
    }
    return entry.data;
  }

  // How much of the page's address a format's home covers (0 when the page is not under it).
  function homeLength(entry) {
    return window.location.href.indexOf(entry.home) === 0 ? entry.home.length : 0;
  }

  // The format the page names in its <head> ("" for none). Read at each use: instant navigation swaps the
  // <head>'s elements for the next page's.
  function namedFormat() {
    var meta = document.querySelector('meta[name="coalition-format"]');
    return meta ? meta.getAttribute("content") || "" : "";
  }

  // The formats nearest the page first: the one it names, then by how much of its address their homes cover.
  function byHome(list) {
    var named = namedFormat();
    var own = function (entry) { return named && entry.format === named ? 1 : 0; };
    return list.slice().sort(function (a, b) { return own(b) - own(a) || homeLength(b) - homeLength(a); });
  }

  // The rule the words name in each format whose rules define it, the page's own format first: its link and its
  // own words (format.json rule_texts, shortened by the build), which the box and the lookup say under the link;
  // `unread`: the formats whose file could not be read ({name, rules page}; nameless when the list could not).
  function ruleSearch(root, query) {
    var match = RULE.exec(query), unread = [];
    if (!match) return Promise.resolve({ hits: [], unread: unread });
    var number = match[1].toLowerCase();
    return siteFormats(root).then(function (list) {
      return Promise.all(byHome(list).map(function (entry) {
        return formatJson(entry).then(function (data) {
          var urls = data.rule_urls || {}, texts = data.rule_texts || {};
          return Object.prototype.hasOwnProperty.call(urls, number)
            ? { href: new URL(urls[number], entry.url).href, title: "Rule " + number, note: (data.name || "") + "\u2019s rules",
                text: Object.prototype.hasOwnProperty.call(texts, number) ? texts[number] : "" }
            : null;
        }, function () { unread.push({ name: entry.name, rules: entry.home + "rules/" }); return null; });
      }));
    }, function () { unread.push({ name: "", rules: root + "rules/" }); return []; }).then(function (hits) {
      return { hits: hits.filter(Boolean), unread: unread };
    });
  }
  function ruleHits(root, query) { return ruleSearch(root, query).then(function (found) { return found.hits; }); }

  // "The rules of Heroic could not be loaded here, so “2.2” may be one of them: see Heroic’s rules page." (`said`:
  // the words, quoted and escaped); a format known by no name (the site's list of formats unread): "The formats’
  // rules", "the rules page". The lookup and the search box say it alike; "" when every format's rules were read.
  function unreadWords(said, unread) {
    if (!unread.length) return "";
    var names = unread.map(function (entry) { return C.escape(entry.name); });
    var whose = names.every(Boolean) ? "The rules of " + names.slice(0, -1).join(", ") + (names.length > 1 ? " and " : "") +
      names[names.length - 1] : "The formats\u2019 rules";
    var links = unread.map(function (entry, i) {
      return '<a href="' + C.escape(entry.rules) + '">' + (names[i] ? names[i] + "\u2019s rules page" : "the rules page") + "</a>";
    });
    return whose + " could not be loaded here, so " + said + " may be one of them: see " + links.join(", ") + ".";
  }

  C.searchRules = { siteFormats: siteFormats, formatJson: formatJson, byHome: byHome, ruleSearch: ruleSearch,
                    ruleHits: ruleHits, unreadWords: unreadWords, ruleShaped: RULE };
})();
