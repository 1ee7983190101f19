/* The site's service worker, so that the table pages work at a table without a network.

   Registered by core.js on every page, with the site's root as its scope (it sits there: under GitHub Pages'
   /coalition-site/ as under `coalition serve`, everything is read relative to its own address).

   - Every request of the site goes to the network first, and what comes back is kept: a new build is never
     hidden behind a kept copy while the network answers. Without a network, the kept copy answers, so a page
     visited before opens again offline; a page never visited gets a short page of ours saying so and listing
     the table pages kept on this device. Other sites' files (card images) are left to the browser.
   - The first time a table page is opened (its request, or the page telling us it was loaded before this
     worker started), every table page and every file they need are kept at once: offline-manifest.js,
     written by hooks/offline.py from the built pages, lists them.
   - The cache is named after the manifest's version: a build that changes a kept file is a new worker. It
     keeps the new table set first when the device held the old one, then takes over at once and deletes the
     older caches of this scope (pages visited under the old build are kept again as they are visited). */
"use strict";
importScripts("offline-manifest.js");   // self.OFFLINE: {version, pages: [{url, title}], files}

var ROOT = new URL("./", self.location.href).href;
var PREFIX = "coalition " + ROOT + " ";
var CACHE = PREFIX + self.OFFLINE.version;
var KEPT = self.OFFLINE.files.map(function (path) { return ROOT + path; });
var TABLE_PAGES = self.OFFLINE.pages.map(function (page) { return ROOT + page.url; });
var keeping = null;   // the table set being kept, once per worker

function olderCaches() {
  return caches.keys().then(function (names) {
    return names.filter(function (name) { return name.indexOf(PREFIX) === 0 && name !== CACHE; });
  });
}

// A device that kept an older build's table set gets this build's before this worker takes over (the older
// worker keeps answering meanwhile; without a network, installing fails and it stays, with its own files).
self.addEventListener("install", function (event) {
  event.waitUntil(olderCaches().then(function (names) {
    return Promise.all(names.map(function (name) {
      return caches.open(name).then(function (cache) { return cache.match(TABLE_PAGES[0]); });
    }));
  }).then(function (held) {
    return held.some(Boolean) ? keepTableSet() : null;
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(olderCaches().then(function (names) {
    return Promise.all(names.map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function withoutQuery(url) { return url.split(/[?#]/)[0]; }

// A response fit to answer a navigation later: a followed redirect would be refused there, so its body is
// copied into a plain one.
function storable(response) {
  if (!response.redirected) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function keep(cache, url, response) {
  return response.ok && response.type === "basic" ? cache.put(url, storable(response)) : Promise.resolve();
}

// Fetches every file of the table set this cache does not hold yet; a failure leaves it for the next visit.
function keepTableSet() {
  if (!keeping) {
    keeping = caches.open(CACHE).then(function (cache) {
      return cache.keys().then(function (requests) {
        var held = new Set(requests.map(function (request) { return request.url; }));
        return Promise.all(KEPT.filter(function (url) { return !held.has(url); }).map(function (url) {
          // Past the browser's HTTP cache: the files of this build, not a copy from the one before.
          return fetch(url, { cache: "no-cache" }).then(function (response) {
            if (!response.ok) throw new Error(url + ": " + response.status);
            return cache.put(url, storable(response));
          });
        }));
      });
    }).then(null, function (error) {
      keeping = null;
      throw error;
    });
  }
  return keeping;
}

function fromNetwork(event) {
  return fetch(event.request).then(function (response) {
    var copy = response.clone();
    event.waitUntil(caches.open(CACHE).then(function (cache) { return keep(cache, event.request, copy); }));
    return response;
  });
}

function fromCache(request) {
  var navigation = request.mode === "navigate";
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreSearch: navigation }).then(function (kept) {
      if (kept) return kept;
      if (navigation) return offlinePage(cache, request.url);
      return Response.error();
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.url.indexOf(ROOT) !== 0 || request.headers.has("range")) return;
  event.respondWith(fromNetwork(event).then(null, function () { return fromCache(request); }));
  if (TABLE_PAGES.indexOf(withoutQuery(request.url)) >= 0) event.waitUntil(keepTableSet().then(null, function () {}));
});

// A page loaded before this worker controlled it says what it loaded (core.js): those files are kept, and
// when it is a table page, the table set. It is told what is kept: `data-offline` on its <html>.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!data.visited) return;
  var page = withoutQuery(data.visited);
  var loaded = [data.visited].concat(data.loaded || []).filter(function (url) { return url.indexOf(ROOT) === 0; });
  var kept = caches.open(CACHE).then(function (cache) {
    return Promise.all(loaded.map(function (url) {
      return cache.match(url).then(function (held) {
        return held || fetch(url).then(function (response) { return keep(cache, url, response); });
      }).then(null, function () {});
    }));
  });
  var table = TABLE_PAGES.indexOf(page) >= 0;
  event.waitUntil(kept.then(function () { return table ? keepTableSet() : null; }).then(function () {
    event.source.postMessage({ offline: table ? "table" : "page" });
  }, function () {
    event.source.postMessage({ offline: "failed" });
  }));
});

var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
function escaped(text) { return String(text).replace(/[&<>"]/g, function (c) { return ESCAPES[c]; }); }

// Our answer for a page never opened on this device while online: what happened, and the pages that do work.
function offlinePage(cache, url) {
  return Promise.all(self.OFFLINE.pages.map(function (page) {
    return cache.match(ROOT + page.url).then(function (held) {
      return held ? '<li><a href="' + escaped(ROOT + page.url) + '">' + escaped(page.title) + "</a></li>" : "";
    });
  })).then(function (items) {
    var list = items.join("");
    var html = '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; style-src 'unsafe-inline'\">" +
      "<title>Offline</title><style>:root{color-scheme:light dark}body{font:1.1rem/1.5 system-ui,sans-serif;" +
      "margin:0 auto;padding:1rem;max-width:40rem}a{display:inline-block;padding:.5rem 0}code{overflow-wrap:anywhere}</style></head>" +
      '<body><main><h1>You are offline</h1><p>This page has not been opened on this device yet, so it is not ' +
      "kept here: <code>" + escaped(url) + "</code></p>" +
      (list ? "<p>These pages work without a network:</p><ul>" + list + "</ul>"
        : "<p>No page of this site is kept here yet: open one of its table pages once while online.</p>") +
      "</main></body></html>";
    return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}
