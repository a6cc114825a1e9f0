//! Scoring the legacy candidates: each survivor's text against the language
//! models of its languages, best first (step 4 of the module docs of
//! [`stats`](super)).

use super::alike::{Alike, Memo, Walks};
use super::candidates::{self, CANDIDATES, DAMAGE_COST};
use super::evidence::AsciiFit;
use super::tally::{ByteCounts, Tally};
use super::{model, Hint, HINT_BONUS};
use std::ops::Range;
use std::sync::OnceLock;

/// One surviving legacy encoding: its index in CANDIDATES, total cost
/// (DAMAGE_COST for each malformed sequence or C1 control included), the
/// model that explains it best, the text that was scored, and its damage.
#[derive(Clone)]
pub(super) struct Scored {
    pub index: usize,
    pub cost: u32,
    pub model: usize,
    pub text: Text,
    pub damage: u32,
}

impl Scored {
    /// Sorts by cost, stably: one function for every call site, so that
    /// they share one compiled stable sort (a closure per call site is a
    /// sort of its own, ~5 KB of code each).
    pub fn sort_by_cost(scored: &mut [Scored]) {
        scored.sort_by_key(|s| s.cost);
    }
}

/// The text a candidate was scored on: decoded (multi-byte encodings), or
/// for a single-byte encoding the spans of the input it read (one line
/// each), which need no decoding to be scored or compared.
#[derive(Clone, PartialEq)]
pub(super) enum Text {
    Decoded(String),
    Bytes(Vec<Range<usize>>),
}

/// Every survivor's text is scored up to this many bytes; only the
/// candidates within CLOSE of the best are then scored over the whole prefix
/// (with their best model), which keeps long inputs cheap.
const SCORE_LIMIT: usize = 4 * 1024;
const CLOSE: u32 = 4 * 30;

/// A candidate this much costlier than the best (weight 2^-32 of its) is
/// not scored to the end: its cost is only known to be at least that.
const PRUNE: u32 = 4 * 64;

/// What an analysis leaves for the later ones of the same input: the
/// scores of the first SCORE_LIMIT bytes, kept from the checkpoint at
/// SCORE_LIMIT (every later analysis starts from them), and the costs of
/// the sketch's head.
#[derive(Clone, Default)]
pub(super) struct Start {
    scores: Option<Vec<Scored>>,
    heads: Memo,
    /// The walks over the last whole sketch scored.
    walks: Walks,
}

/// Scores every legacy candidate whose reading of `bytes` has no more
/// damage than `candidates::tolerable` allows, best first. With `prune`, single-byte candidates that fall PRUNE behind the
/// best stop being scored (their costs are then lower bounds, still more
/// than PRUNE behind): only scores that are summed with others must not.
/// `start` is filled at SCORE_LIMIT bytes and used past them; `tally` has
/// counted a prefix of `bytes`.
pub(super) fn score_all(
    bytes: &[u8],
    last: bool,
    hint: Option<Hint>,
    prune: bool,
    start: &mut Start,
    tally: &mut Tally,
) -> Vec<Scored> {
    let counts = tally.counts(bytes).clone();
    let tally = tally.score(bytes);
    let kept = match &start.scores {
        Some(kept) if bytes.len() > SCORE_LIMIT => survivors(kept, bytes, last, &counts),
        _ => None,
    };
    let mut scored = match kept {
        Some(kept) => kept,
        None => score_start(bytes, last, hint, prune, &counts, start, tally),
    };
    if prune && !last && bytes.len() == SCORE_LIMIT {
        start.scores = Some(scored.clone());
    }
    Scored::sort_by_cost(&mut scored);
    if bytes.len() > SCORE_LIMIT {
        let best = scored.first().map_or(0, |s| s.cost);
        let fit = tally.fit();
        let close = scored.iter().take_while(|s| s.cost <= best + CLOSE).count();
        let mut whole_alike = None;
        let mut grown = 0;
        for s in &mut scored[..close] {
            let full = if candidates::by_bytes(s.index) {
                let whole = whole_alike.get_or_insert_with(|| {
                    let view = tally.sketch().view(usize::MAX);
                    Alike::carry_on(view, &Memo::default(), std::mem::take(&mut start.walks))
                });
                s.text = Text::Bytes(std::iter::once(0..bytes.len()).collect());
                cost(
                    s.index,
                    s.model,
                    Sketched::Bytes(whole),
                    hint,
                    &fit,
                    u32::MAX,
                )
            } else {
                // A survivor decodes, unless a mapped file changed since
                // it was read (written meanwhile): then it is out.
                let Some((text, _)) = candidates::decode(s.index, bytes, last, usize::MAX, &counts)
                else {
                    s.cost = u32::MAX;
                    continue;
                };
                let sketch = model::Sketch::new(&text);
                let full = cost(
                    s.index,
                    s.model,
                    Sketched::Text(&sketch),
                    hint,
                    &fit,
                    u32::MAX,
                );
                s.text = Text::Decoded(text);
                full
            };
            let full = full.saturating_add(s.damage * DAMAGE_COST);
            grown = grown.max(full.saturating_sub(s.cost));
            s.cost = full;
        }
        // The rest, scored on less text, move back by as much as any
        // rescored one grew, so they stay behind.
        for s in &mut scored[close..] {
            s.cost += grown;
        }
        if let Some(whole) = whole_alike {
            start.walks = whole.walks();
        }
        Scored::sort_by_cost(&mut scored);
    }
    scored
}

/// The scores of the first SCORE_LIMIT bytes of every candidate that
/// reads `bytes` (whose byte values are `counts`) with tolerable damage,
/// in the candidates' order. `tally`: the counts of all of `bytes`.
fn score_start(
    bytes: &[u8],
    last: bool,
    hint: Option<Hint>,
    prune: bool,
    counts: &ByteCounts,
    kept: &mut Start,
    tally: &Tally,
) -> Vec<Scored> {
    let start = &bytes[..bytes.len().min(SCORE_LIMIT)];
    // The tally's, unless there is more than the start.
    let own;
    let (fit, start_sketch) = match start.len() == bytes.len() {
        true => (tally.fit(), tally.sketch()),
        false => {
            own = model::ByteSketch::new(start);
            (AsciiFit::new(start), &own)
        }
    };
    let walks = std::mem::take(&mut kept.walks);
    let all = Alike::carry_on(start_sketch.view(usize::MAX), &Memo::default(), walks);
    let head_alike = Alike::recall(all.view.head(HEAD), &kept.heads);
    let (view, head) = (Sketched::Bytes(&all), Sketched::Bytes(&head_alike));
    let mut scored = Vec::new();
    // Single-byte candidates: (the least bound of their models, index,
    // their models, least bound first).
    let mut by_bytes = Vec::new();
    let damages: Vec<Option<u32>> = (0..CANDIDATES.len())
        .map(|i| candidates::by_bytes(i).then(|| candidates::single_byte_damage(i, counts))?)
        .collect();
    let clean: Vec<usize> = (0..CANDIDATES.len())
        .filter(|&i| damages[i] == Some(0))
        .collect();
    for (index, &damage) in damages.iter().enumerate() {
        if candidates::by_bytes(index) {
            let damage =
                damage.filter(|&d| d == 0 || !candidates::has_clean_twin(index, &clean, counts));
            if let Some(damage) = damage {
                let charge = damage * DAMAGE_COST;
                let mut models: Vec<(u32, usize)> = candidates::language_models(index)
                    .iter()
                    .map(|&m| (bound(index, m, &all, hint, &fit) + charge, m))
                    .collect();
                models.sort();
                if let Some(&(least, _)) = models.first() {
                    by_bytes.push((least, index, models, damage));
                }
            }
            continue;
        }
        let Some((text, damage)) = candidates::decode(index, bytes, last, SCORE_LIMIT, counts)
        else {
            continue;
        };
        let whole = model::Sketch::new(&text);
        let sketch = Sketched::Text(&whole);
        let head = Sketched::Text(&whole.head(HEAD));
        let order = candidates::language_models(index);
        let Head::Kept(models) = kept_models(index, order, head, hint, &fit, u32::MAX) else {
            unreachable!("no cost passes u32::MAX")
        };
        let Some((cost, model)) = best_of(index, &models, sketch, hint, &fit, u32::MAX) else {
            continue;
        };
        scored.push(Scored {
            index,
            cost: cost + damage * DAMAGE_COST,
            model,
            text: Text::Decoded(text),
            damage,
        });
    }
    // The likeliest first, so that the rest can be cut short (the order
    // changes no cost within PRUNE of the best, only where others are cut).
    by_bytes.sort_by_key(|&(least, _, _, _)| least);
    let mut limit = u32::MAX;
    for (least, index, models, damage) in by_bytes {
        if prune {
            let best = scored.iter().map(|s| s.cost).min().unwrap_or(u32::MAX);
            limit = best.saturating_add(PRUNE);
        }
        // Every model is bound to pass the limit on the whole view, so
        // whichever the head keeps: the least bound stands for the cost, as
        // a cut-short one does, with no walk at all.
        if least > limit {
            let text = Text::Bytes(std::iter::once(0..start.len()).collect());
            scored.push(Scored {
                index,
                cost: least,
                model: models[0].1,
                text,
                damage,
            });
            continue;
        }
        let order: Vec<usize> = models.into_iter().map(|(_, m)| m).collect();
        // The walk's own limit, before the damage's charge.
        let charge = damage * DAMAGE_COST;
        let walk_limit = limit.saturating_sub(charge);
        let (cost, model) = match kept_models(index, &order, head, hint, &fit, walk_limit) {
            Head::Kept(models) => match best_of(index, &models, view, hint, &fit, walk_limit) {
                Some(best) => best,
                None => continue,
            },
            Head::Behind(cost, model) => (cost, model),
        };
        let text = Text::Bytes(std::iter::once(0..start.len()).collect());
        scored.push(Scored {
            index,
            cost: cost.saturating_add(charge),
            model,
            text,
            damage,
        });
    }
    head_alike.remember(&mut kept.heads);
    kept.walks = all.walks();
    // Ties keep the candidates' order.
    scored.sort_by_key(|s| s.index);
    scored
}

/// The kept start scores of the candidates that still read all of
/// `bytes` with tolerable damage, charged for the damage of all of it; or
/// None when the best of them does not (it cut others short), or its
/// damage grew (a candidate's rank may change). The first SCORE_LIMIT
/// bytes score the same however many follow; a candidate ruled out on
/// them stays out (for damage, it could come back only when its
/// characters grew far faster than its damage: rare, and the answer is
/// the same however the input is chunked).
fn survivors(
    kept: &[Scored],
    bytes: &[u8],
    last: bool,
    counts: &ByteCounts,
) -> Option<Vec<Scored>> {
    let damage = |s: &Scored| match candidates::by_bytes(s.index) {
        true => candidates::single_byte_damage(s.index, counts),
        false => candidates::decode(s.index, bytes, last, 0, counts).map(|(_, d)| d),
    };
    // The lowest cost is exact: a cut one is PRUNE behind another.
    let best = kept.iter().min_by_key(|s| s.cost)?;
    if damage(best)? != best.damage {
        return None;
    }
    let recharged = |s: &Scored| {
        let now = damage(s)?;
        let cost = s.cost + (now - s.damage.min(now)) * DAMAGE_COST;
        Some(Scored {
            cost,
            damage: now,
            ..s.clone()
        })
    };
    Some(kept.iter().filter_map(recharged).collect())
}

/// A text as the models score it: the sketch of a decoded text, or a view
/// of a byte sketch for a single-byte candidate.
#[derive(Clone, Copy)]
enum Sketched<'a> {
    Text(&'a model::Sketch),
    Bytes(&'a Alike<'a>),
}

impl Sketched<'_> {
    fn non_ascii(&self) -> u32 {
        match self {
            Sketched::Text(s) => s.non_ascii(),
            Sketched::Bytes(a) => a.view.non_ascii,
        }
    }
}

/// Sketch characters on which all of a candidate's languages are compared;
/// only the best LANGUAGES_KEPT of them score the whole sketch.
const HEAD: usize = 256;
const LANGUAGES_KEPT: usize = 2;

/// What a sketch's head says of a candidate's languages.
enum Head {
    /// The models worth scoring the whole sketch.
    Kept(Vec<usize>),
    /// Every model passed the limit on the head alone, so on the whole
    /// sketch too (a longer text never costs less): a lower bound of the
    /// candidate's cost, and a model.
    Behind(u32, usize),
}

/// The models of candidate `index` worth scoring its sketch in full: with
/// more than LANGUAGES_KEPT languages, the best on the sketch's `head` (its
/// first HEAD characters; ties go to the earlier language). They are tried
/// in `order` (all of them, likeliest first): a model whose head alone
/// costs more than `limit`, or than the kept ones, is left out, so its head
/// cost need not be exact.
fn kept_models(
    index: usize,
    order: &[usize],
    head: Sketched,
    hint: Option<Hint>,
    fit: &AsciiFit,
    limit: u32,
) -> Head {
    let all = candidates::language_models(index);
    if all.len() <= LANGUAGES_KEPT {
        return Head::Kept(all.to_vec());
    }
    let position = |m: usize| all.iter().position(|&a| a == m);
    // (head cost, language position, model), best first.
    let mut kept: Vec<(u32, Option<usize>, usize)> = Vec::with_capacity(LANGUAGES_KEPT + 1);
    let mut lowest = (u32::MAX, all[0]);
    for &m in order {
        let bar = match kept.get(LANGUAGES_KEPT - 1) {
            Some(&(c, _, _)) => c.min(limit),
            None => limit,
        };
        let c = cost(index, m, head, hint, fit, bar);
        lowest = lowest.min((c, m));
        let last = kept.get(LANGUAGES_KEPT - 1).map(|&(c, p, _)| (c, p));
        if c > limit || last.is_some_and(|last| (c, position(m)) >= last) {
            continue;
        }
        kept.push((c, position(m), m));
        kept.sort();
        kept.truncate(LANGUAGES_KEPT);
    }
    if kept.is_empty() {
        return Head::Behind(lowest.0, lowest.1);
    }
    Head::Kept(kept.iter().map(|&(_, _, m)| m).collect())
}

/// The lowest cost of `sketch` as candidate `index` over `models`, and the
/// model that gives it; a cost over `limit` may be cut short (a lower bound).
fn best_of(
    index: usize,
    models: &[usize],
    sketch: Sketched,
    hint: Option<Hint>,
    fit: &AsciiFit,
    limit: u32,
) -> Option<(u32, usize)> {
    let mut best: Option<(u32, usize)> = None;
    for &m in models {
        // A model costlier than the best so far needs no exact cost.
        let limit = best.map_or(limit, |(c, _)| c.min(limit));
        let c = (cost(index, m, sketch, hint, fit, limit), m);
        best = Some(best.map_or(c, |b| b.min(c)));
    }
    best
}

/// The cost of `text` as candidate `index` written in language model
/// `model`; once it is sure to pass `limit`, the scoring may stop there.
fn cost(
    index: usize,
    model: usize,
    sketch: Sketched,
    hint: Option<Hint>,
    fit: &AsciiFit,
    limit: u32,
) -> u32 {
    let (rest, bonus) = beside_text(index, model, sketch.non_ascii(), hint, fit);
    // The text's cost past this makes the total pass `limit`.
    let text_limit = limit.saturating_add(bonus).saturating_sub(rest);
    let text = match sketch {
        Sketched::Text(s) => model::models()[model].cost_of(s),
        Sketched::Bytes(alike) => {
            let edges = alike.edge_cost(index, model);
            let limit = text_limit.saturating_add_signed(-edges);
            alike
                .byte_cost(index, model, limit)
                .saturating_add_signed(edges)
        }
    };
    (text + rest).saturating_sub(bonus)
}

/// A lower bound of [`cost`] of a byte sketch view at any limit, from how
/// often each byte is in it (see `Model::byte_bound`).
fn bound(index: usize, model: usize, view: &Alike, hint: Option<Hint>, fit: &AsciiFit) -> u32 {
    let (rest, bonus) = beside_text(index, model, view.view.non_ascii, hint, fit);
    (view.byte_bound(index, model) + rest).saturating_sub(bonus)
}

/// `candidates::language_prior` of model `model`, by index.
fn language_prior(model: usize) -> u32 {
    static PRIORS: OnceLock<Vec<u32>> = OnceLock::new();
    let priors = PRIORS.get_or_init(|| {
        let models = model::models().iter();
        models.map(|m| candidates::language_prior(m.name)).collect()
    });
    priors[model]
}

/// What a candidate's cost adds to its text's and takes off: the priors
/// and the ASCII misfit, and the hint's bonus.
fn beside_text(
    index: usize,
    model: usize,
    non_ascii: u32,
    hint: Option<Hint>,
    fit: &AsciiFit,
) -> (u32, u32) {
    let candidate = &CANDIDATES[index];
    let m = &model::models()[model];
    let hinted = hint.is_some_and(|h| h.0 == m.name || candidate.languages.contains(&h.0));
    let bonus = if hinted { HINT_BONUS } else { 0 };
    let rest = language_prior(model)
        + fit.penalty(index, model, non_ascii)
        + fit.references.charge(index, model)
        + candidate.prior;
    (rest, bonus)
}
