"""The works the algorithms come from, cited in full at the end of each algorithm's help (issue 20: a planner
reads authors, title and year, the help text names the section). docs/references.md lists the same works."""

import re

from ..translation import translate

# (how the help cites the work, a pattern finding that citation in English or German text, the full citation)
WORKS = (
    ("Dumont et al. 2021", r"Dumont et al\. 2021",
     "Dumont (presenter), Aminian, Charest, Dhar, Driscoll, Edwards, et al., \u201cDifferential Privacy in Travel "
     "Data\u201d, Mathematical Problems in Industry workshop report, 2021 (problem from RSG)."),
    ("Asghar, Tyler and Kaafar 2017", r"Asghar\b",
     "Asghar, Tyler and Kaafar, \u201cDifferentially Private Release of Public Transport Data: The Opal Use "
     "Case\u201d, Data61, CSIRO, 2017."),
    ("Kapp et al. 2023", r"Kapp et al\. 2023",
     "Kapp, Nu\u00f1ez von Voigt, Mihaljevi\u0107 and Tschorsch, \u201cTowards Standardized Mobility Reports "
     "with User-Level Privacy\u201d, Journal of Location Based Services, 2023 (doi:10.1080/17489725.2022.2148008)."),
    ("the ITMS report", r"ITMS(-Bericht| report)",
     "\u201cData Anonymization via Differential Privacy: A Technical Report\u201d (version 1.0), on the ITMS bus "
     "data with H3 (cited as the ITMS report)."),
    ("Roy, Kantarcioglu and Sweeney 2016", r"Roy, Kantarcioglu\b",
     "Roy, Kantarcioglu and Sweeney, \u201cPractical Differentially Private Modeling of Human Movement Data\u201d, "
     "DBSec 2016, pp. 170-178 (doi:10.1007/978-3-319-41483-6_13)."),
    ("Bun and Steinke 2016", r"Bun (and|und) Steinke",
     "Bun and Steinke, \u201cConcentrated Differential Privacy: Simplifications, Extensions, and Lower "
     "Bounds\u201d, Theory of Cryptography Conference (TCC) 2016 (arXiv:1605.02065)."),
    ("Canonne, Kamath and Steinke 2020", r"Canonne, Kamath (and|und) Steinke",
     "Canonne, Kamath and Steinke, \u201cThe Discrete Gaussian for Differential Privacy\u201d, NeurIPS 2020 "
     "(arXiv:2004.00010)."),
    ("Wilson et al. 2020", r"Wilson et al\. 2020",
     "Wilson, Zhang, Lam, Desfontaines, Simmons-Marengo and Gipson, \u201cDifferentially Private SQL with "
     "Bounded User Contribution\u201d, Proceedings on Privacy Enhancing Technologies (PoPETs) 2020(2) "
     "(arXiv:1909.01917)."),
)


def with_references(help_html: str) -> str:
    """``help_html`` followed by the full citation of every work it cites."""
    cited = [full for _, pattern, full in WORKS if re.search(pattern, help_html)]
    if not cited:
        return help_html
    return help_html + "<p><b>{title}</b><br>{works}</p>".format(
        title=translate("References", "References"), works="<br>".join(cited))
