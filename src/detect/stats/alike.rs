//! Single-byte candidates that read a byte sketch alike: those whose tables
//! give the same code points for every high byte in it read the same text,
//! so each model charges them the same. Each (reading, model) cost is worked
//! out once per sketch view, not once per candidate (Western, Central and
//! Baltic encodings mostly agree on the letters a text has).

use super::candidates::{self, CANDIDATES};
use super::model::{self, ByteView, ByteWalk};
use std::cell::{OnceCell, RefCell};

/// A view of a byte sketch, with the readings of it met so far and the
/// costs known so far.
pub(super) struct Alike<'a> {
    pub view: ByteView<'a>,
    /// The view's high bytes (0x80 less) in order, and how often each is
    /// in it.
    counts: Vec<(u8, u32)>,
    known: RefCell<Known>,
    walks: RefCell<Walks>,
    /// The view's lone high bytes ([`ByteView::lone`]), once asked for.
    lone: OnceCell<Vec<(u8, u32, u32)>>,
    /// The view's word-initial pairs of high bytes ([`ByteView::starts`]),
    /// once asked for.
    starts: OnceCell<Vec<(u8, u8, u32)>>,
}

/// Where walks over views of one input's byte sketches stood at a view's
/// end, by (candidate, model): the sketch of a longer prefix of the input
/// starts with the sketch of a shorter one, so a walk over the next view
/// carries on from there over the new characters only.
#[derive(Clone, Default)]
pub(super) struct Walks(Vec<(usize, usize, ByteWalk)>);

impl Walks {
    fn get(&self, index: usize, model: usize) -> Option<ByteWalk> {
        let found = self.0.iter().find(|&&(i, m, _)| (i, m) == (index, model));
        found.map(|&(_, _, walk)| walk)
    }

    fn set(&mut self, index: usize, model: usize, walk: ByteWalk) {
        match self
            .0
            .iter_mut()
            .find(|(i, m, _)| (*i, *m) == (index, model))
        {
            Some(slot) => slot.2 = walk,
            None => self.0.push((index, model, walk)),
        }
    }
}

/// What is known of a view's readings.
#[derive(Clone, Default)]
struct Known {
    /// Each candidate's reading, once asked: an index into `readings`.
    reading: Vec<Option<usize>>,
    /// The characters of each reading met, for the high bytes in order.
    readings: Vec<Vec<u32>>,
    costs: Vec<Cost>,
}

/// One cost worked out: the bigrams' `cost` of the view read as `reading`
/// in `model`, scored with `limit`.
#[derive(Clone)]
struct Cost {
    reading: usize,
    model: usize,
    limit: u32,
    cost: u32,
    /// The walk at the view's end, unless it stopped before.
    walk: Option<ByteWalk>,
}

/// What earlier analyses of an input knew of views of its sketch: the head
/// of the sketch at one checkpoint is often the head at the next one.
#[derive(Clone, Default)]
pub(super) struct Memo(Vec<(Vec<u8>, Known)>);

/// Views remembered at most (the heads of the last two sketches).
const REMEMBERED: usize = 2;

impl<'a> Alike<'a> {
    /// The view, with what `memo` knows of the same characters.
    pub fn recall(view: ByteView<'a>, memo: &Memo) -> Alike<'a> {
        Alike::carry_on(view, memo, Walks::default())
    }

    /// The view, with what `memo` knows of the same characters, and the
    /// `walks` of views of sketches of shorter prefixes of the same input.
    pub fn carry_on(view: ByteView<'a>, memo: &Memo, walks: Walks) -> Alike<'a> {
        let mut count = [0u32; 128];
        for &b in view.bytes().iter().filter(|&&b| b >= 0x80) {
            count[b as usize - 0x80] += 1;
        }
        let known = memo.0.iter().find(|(bytes, _)| bytes == view.bytes());
        let known = known.map_or_else(
            || Known {
                reading: vec![None; CANDIDATES.len()],
                ..Known::default()
            },
            |(_, known)| known.clone(),
        );
        Alike {
            view,
            counts: (0..128)
                .filter(|&i| count[i] > 0)
                .map(|i| (i as u8, count[i]))
                .collect(),
            known: RefCell::new(known),
            walks: RefCell::new(walks),
            lone: OnceCell::new(),
            starts: OnceCell::new(),
        }
    }

    /// Where the walks over the view stood at its end.
    pub fn walks(&self) -> Walks {
        self.walks.borrow().clone()
    }

    /// Leaves what is known of the view in `memo`.
    pub fn remember(self, memo: &mut Memo) {
        let bytes = self.view.bytes();
        memo.0.retain(|(b, _)| b != bytes);
        memo.0.insert(0, (bytes.to_vec(), self.known.into_inner()));
        memo.0.truncate(REMEMBERED);
    }

    /// Which reading single-byte candidate `index` gives the view.
    fn reading(&self, known: &mut Known, index: usize) -> usize {
        if let Some(r) = known.reading[index] {
            return r;
        }
        let table = candidates::single_byte_table(index).expect("a single-byte candidate");
        let chars: Vec<u32> = self
            .counts
            .iter()
            .map(|&(h, _)| table[h as usize])
            .collect();
        let r = match known.readings.iter().position(|r| *r == chars) {
            Some(r) => r,
            None => {
                known.readings.push(chars);
                known.readings.len() - 1
            }
        };
        known.reading[index] = Some(r);
        r
    }

    /// A lower bound of [`byte_cost`](Self::byte_cost) and
    /// [`edge_cost`](Self::edge_cost) together at any limit
    /// (`Model::byte_bound` of the bigrams, the rest exact, less the most
    /// the word starts can take off).
    #[inline(never)]
    pub fn byte_bound(&self, index: usize, model: usize) -> u32 {
        let m = &model::models()[model];
        let classes = candidates::byte_classes(index, model);
        let bound = m.byte_bound(&self.counts, classes) + m.foreign_cost(self.view, classes);
        match m.charges_starts() {
            true => bound.saturating_add_signed(m.least_start_cost(self.starts())),
            false => bound,
        }
    }

    fn starts(&self) -> &[(u8, u8, u32)] {
        self.starts.get_or_init(|| self.view.starts())
    }

    /// What `model` charges beside [`byte_cost`](Self::byte_cost) for the
    /// view as candidate `index` reads it: its letters that stand alone
    /// (`Model::lone_cost`) and its words' first two letters
    /// (`Model::start_cost`, less than nothing for likely ones).
    #[inline(never)]
    pub fn edge_cost(&self, index: usize, model: usize) -> i32 {
        let m = &model::models()[model];
        let classes = || candidates::byte_classes(index, model);
        let mut cost = 0;
        let lone = self.lone.get_or_init(|| self.view.lone());
        cost += m.lone_cost(lone, classes()) as i32;
        if m.charges_starts() {
            cost += m.start_cost(self.starts(), classes());
        }
        cost
    }

    /// `Model::byte_cost` of the view as candidate `index` reads it in
    /// `model`, its bigrams scored once per reading: a cost is exact when
    /// it is within the limit it was scored with, so it stands for any
    /// limit it is within.
    pub fn byte_cost(&self, index: usize, model: usize, limit: u32) -> u32 {
        let m = &model::models()[model];
        let known = &mut *self.known.borrow_mut();
        let reading = self.reading(known, index);
        let found = known.costs.iter().find(|k| {
            k.reading == reading
                && k.model == model
                && (k.limit == limit || k.cost <= k.limit.min(limit))
        });
        let walks = &mut *self.walks.borrow_mut();
        let (cost, walk) = match found {
            Some(k) => (k.cost, k.walk),
            None => {
                let classes = candidates::byte_classes(index, model);
                let carried = walks.get(index, model);
                let carried =
                    carried.filter(|w| w.at <= self.view.bytes().len() && w.total <= limit);
                let mut walk = carried.unwrap_or_default();
                let cost = m.byte_bigrams_from(self.view, classes, limit, &mut walk);
                let walk = (cost <= limit).then_some(walk);
                known.costs.push(Cost {
                    reading,
                    model,
                    limit,
                    cost,
                    walk,
                });
                (cost, walk)
            }
        };
        // Candidates that read the view alike stand where its walk does.
        if let Some(walk) = walk {
            walks.set(index, model, walk);
        }
        let classes = candidates::byte_classes(index, model);
        cost + m.foreign_cost(self.view, classes)
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::ByteSketch;
    use super::*;

    /// Every single-byte candidate and model, at any limit and in any
    /// order, and recalled for the head of a longer text: the costs a view
    /// shares are the ones each candidate's own scoring gives.
    #[test]
    fn shared_costs_are_each_candidates_own() {
        let text =
            b"Die \xc4quatorebene caf\xe9 \xe4\xf6\xfc \xcf\xf0\xe8\xe2\xe5\xf2 \xe0\xe8\xe9"
                .repeat(3);
        let longer = [&text[..], b" und \xbb\xd7\xdf mehr"].concat();
        let (short, long) = (ByteSketch::new(&text), ByteSketch::new(&longer));
        let limits = [u32::MAX, 0, 40, 200, 400, 40, u32::MAX, 1000];
        let mut memo = Memo::default();
        let mut checked = 0;
        for (sketch, chars) in [(&short, 64), (&long, 64), (&long, usize::MAX)] {
            let view = sketch.view(usize::MAX).head(chars);
            let alike = Alike::recall(view, &memo);
            for &limit in &limits {
                for i in (0..CANDIDATES.len()).filter(|&i| candidates::by_bytes(i)) {
                    let models = CANDIDATES[i]
                        .languages
                        .iter()
                        .filter_map(|&l| model::find(l));
                    for m in models {
                        let classes = candidates::byte_classes(i, m);
                        let own = model::models()[m].byte_cost(view, classes, limit);
                        assert_eq!(alike.byte_cost(i, m, limit), own, "{i} {m} {limit}");
                        checked += 1;
                    }
                }
            }
            let known = alike.known.borrow();
            assert!(known.readings.len() < known.reading.iter().flatten().count());
            drop(known);
            alike.remember(&mut memo);
        }
        assert!(checked > 1000, "{checked}");
    }
}
