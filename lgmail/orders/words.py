"""The words the order reader knows besides the rule sets' verbs, folded (no accents, lower
case), French first with English synonyms: what ends a step (« fini »), what abstains, what is
filler around an order, what names oneself, what joins two names, what opens a sentence that is
an order. Read by ``lgmail.orders.parse``."""

from __future__ import annotations

#: the words by which a player says he is done with the step, the orders he gave kept
#: (« fini », « j'ai fini », "done"); folded
DONE = frozenset({"fini", "finie", "finis", "termine", "terminee", "done", "finished"})
#: the same said as "nothing else" (« rien d'autre »): after `DONE_FILLER` is taken out
DONE_PHRASES = frozenset(
    {("rien", "autre"), ("rien", "plus"), ("nothing", "else"), ("nothing", "more")}
)
#: what may stand around those words on their line: a line with any other word is not read as
#: done ("What have you done", « j'ai fini par voter Alice »)
DONE_FILLER = frozenset(
    [
        "j",
        "ai",
        "je",
        "suis",
        "c",
        "est",
        "ca",
        "d",
        "de",
        "pour",
        "moi",
        "ce",
        "cette",
        "soir",
        "nuit",
        "tout",
        "voila",
        "bon",
        "ok",
        "merci",
        "stp",
        "svp",
        "i",
        "m",
        "am",
        "im",
        "me",
        "for",
        "tonight",
        "now",
        "that",
        "s",
        "all",
        "thanks",
        "please",
    ]
)

ABSTAIN = ("abstention", "abstiens", "abstain", "abstaining")

#: words tolerated around an order, folded
FILLER = frozenset(
    [
        "je",
        "j",
        "tu",
        "il",
        "on",
        "nous",
        "vous",
        "contre",
        "pour",
        "sur",
        "le",
        "la",
        "les",
        "l",
        "de",
        "du",
        "des",
        "un",
        "une",
        "a",
        "au",
        "aux",
        "mon",
        "ma",
        "cette",
        "ce",
        "cet",
        "voudrais",
        "veux",
        "souhaite",
        "aimerais",
        "stp",
        "svp",
        "merci",
        "please",
        "thanks",
        "thank",
        "you",
        "i",
        "want",
        "to",
        "would",
        "like",
        "vote",
        "for",
        "against",
        "on",
        "the",
        "my",
        "cette",
        "nuit",
        "ce",
        "soir",
        "tonight",
        "aujourd",
        "hui",
        "today",
        "bonjour",
        "hello",
        "hi",
        "salut",
        "moi",
        "me",
        "myself",
        "potion",
    ]
)
SELF = ("moi", "moi-meme", "me", "myself")
AND = frozenset({"et", "and", "&", "+", "avec", "with"})

#: subjects other than the writer: before an order word, they make the line a sentence
OTHERS = frozenset(
    {"il", "elle", "ils", "elles", "tu", "vous", "personne", "he", "she", "they", "you", "nobody"}
)

#: words that may come before an order word besides `FILLER` (« je ne fais rien », "I'll pass")
LEAD = frozenset({"ne", "n", "fais", "ferai", "faire", "do", "will", "ll", "shall"})

#: words that, first after an order word that takes names (skipping `FILLER`), make the line a
#: sentence and not that order: no name starts with them ("See also the rules page", "See you
#: tomorrow", « Vois ce qu'il a dit »); « aussi » is not one (« je vote aussi Alice »)
PROSE = frozenset(
    {
        # English
        "also",
        "below",
        "above",
        "attached",
        "here",
        "there",
        "what",
        "which",
        "whether",
        "why",
        "how",
        "when",
        "where",
        "if",
        "it",
        "its",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "you",
        "your",
        "yours",
        "us",
        "them",
        "everyone",
        "everybody",
        "anyone",
        "anything",
        "something",
        "soon",
        "later",
        "tomorrow",
        "yesterday",
        "again",
        "too",
        "about",
        "of",
        "in",
        "into",
        "out",
        "up",
        "down",
        # French
        "que",
        "qu",
        "quoi",
        "comment",
        "pourquoi",
        "quand",
        "si",
        "ci",
        "dessous",
        "dessus",
        "ca",
        "cela",
        "ceci",
        "est",
        "sont",
        "etait",
        "etaient",
        "y",
        "dans",
        "sans",
        "demain",
        "hier",
        "ici",
        "lui",
        "eux",
        "leur",
        # a link, an address
        "http",
        "https",
        "www",
        "mailto",
    }
)

#: weekdays and months, English and French, folded: an order word that is one of them (« tue »,
#: "sun", « jeu ») is no order when a number or another of them follows it ("On Tue, Sep 25,
#: 2012", « jeu. 30 nov. »): the line reads as a date
CALENDAR = frozenset(
    {
        *("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"),
        *("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
        *("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov"),
        *("dec", "january", "february", "march", "april", "june", "july", "august"),
        *("september", "october", "november", "december"),
        *("lun", "mer", "jeu", "ven", "sam", "dim", "lundi", "mardi", "mercredi", "jeudi"),
        *("vendredi", "samedi", "dimanche", "janv", "fev", "fevr", "avr", "mai", "juin", "juil"),
        *("aout", "janvier", "fevrier", "mars", "avril", "juillet", "septembre", "octobre"),
        *("novembre", "decembre"),
    }
)
