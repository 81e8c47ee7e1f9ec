// The pages' search worker (hooks/search_fold.py points Material's search at it): Material's
// own worker, whose file name follows the "#" of this script's URL, with accents folded
// in the words of the index and in every query, so "decompte" finds "décompte" and
// "lancuch" finds "łańcuch". The results show the pages' text as it is.
//
// Folding: Unicode decomposition without its marks (é → e, ą → a, ü → u, å → a), and
// the letters that do not decompose spelled out (ł → l, ø → o, æ → ae, ß → ss ...).
"use strict";

// prettier-ignore
const SPELLED = {
  ł: "l", Ł: "L", ø: "o", Ø: "O", æ: "ae", Æ: "AE", œ: "oe", Œ: "OE",
  ß: "ss", ẞ: "SS", đ: "d", Đ: "D", ð: "d", Ð: "D", þ: "th", Þ: "TH", ı: "i",
};
const SPELLED_RE = new RegExp(`[${Object.keys(SPELLED).join("")}]`, "g");
const MARKS_RE = /\p{M}+/gu;

function fold(text) {
  return text
    .normalize("NFD")
    .replace(MARKS_RE, "")
    .replace(SPELLED_RE, (c) => SPELLED[c]);
}

// Material's worker, beside which it loads its language files ("../lunr/...").
const material = new URL(
  `../javascripts/workers/${self.location.hash.slice(1)}`,
  self.location.href,
);
const importBeside = self.importScripts.bind(self);
self.importScripts = (...urls) => importBeside(...urls.map((url) => new URL(url, material).href));

// A query (Material's message type 2) is folded before Material's own listener, added
// after this one, reads it.
const QUERY = 2;
self.addEventListener("message", (event) => {
  const message = event.data;
  if (message && message.type === QUERY && typeof message.data === "string") {
    message.data = fold(message.data);
  }
});

importScripts(material.href);

// Every word of the index (and of a query run through the pipeline) is folded first,
// before the language's trimmer, stop words and stemmer.
const { lunr } = self;
const run = lunr.Pipeline.prototype.run;
lunr.Pipeline.prototype.run = function (tokens) {
  return run.call(
    this,
    tokens.map((token) => token.update(fold)),
  );
};
