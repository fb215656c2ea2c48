"""English words an interface in Finnish or Spanish must not show: common English words (the
function words and the words of a site like this one) that are no word of either language. Used
by test_no_english.py; a word is matched whole, case-insensitively."""
from __future__ import annotations

import re

ENGLISH = set("""
the and of to in is are was were be been for with from by at this that these those it its there their
they them we our you your he she his her not all any each every some no none only also but or if then
than when where what which who whom how why because so as into onto over under about after before
until while between through up down out off again more most less other another same such own can
could will would shall should may might must do does did done have has had having get got make made
show shows shown hide open opened close closed back next previous first last new old one two three
add added remove removed copy copied share link links print printed save saved read unread mark
marked search results result found find page pages home menu main skip content site about here
hymn hymns stanza stanzas chorus refrain verse verses chapter chapters book books bible plan progress
meeting meetings service services session sessions sunday monday tuesday wednesday thursday friday saturday
january february march april june july august september october november december
today tomorrow yesterday day days week weeks month months year years monthly weekly daily yearly
every repeats repeat repeated once twice times time date dates morning evening afternoon noon
congregation congregations team teams locality localities address directions map calendar feed
number numbers meter meters index list all by first line lines bold title none yours
import imported export exported file files report note notes highlight highlights heart hearts
light dark theme text size smaller larger offline online signal device saved kept
previous next older newer earlier later loading error errors try please help welcome
upcoming past still come coming cancelled canceled arrive rest travel with without whole
""".split())

# Words of the list that are also Finnish or Spanish words (or loanwords those languages write so).
NOT_ONLY_ENGLISH = {
    "fi": {"on", "me", "he", "sun", "into", "plan", "index", "online", "offline"},
    # "may": mayo's short name (the schedule's "dom 2 may").
    "es": {"no", "me", "he", "a", "plan", "index", "online", "offline", "once", "come", "sin", "mar", "son", "dice", "may", "error"},
}

# A run of letters of any alphabet ("päivä" is one word, not "p" and "iv").
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def english_words(text: str, language: str, allowed: set[str] = frozenset()) -> list[str]:
    """The English words of `text` (in order, as written) for a page in `language`."""
    skip = NOT_ONLY_ENGLISH.get(language, set()) | {w.lower() for w in allowed}
    return [w for w in WORD.findall(text) if w.lower() in ENGLISH and w.lower() not in skip]
