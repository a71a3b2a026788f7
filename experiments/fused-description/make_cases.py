"""The 32 labelled answers of tests/fixtures/payments_labelled.jsonl, written as a user writes their own cases.

A payments API's documentation assistant: four source passages, sixteen questions, and for each a faithful answer
(label 0), a sentence of the source copied, and a hallucinated one (label 1), an invented value in a short answer. One
answer of each label goes against that: a short faithful extract, a copied sentence with its value changed. Every
other hallucinated answer comes without its question. So the answers' lengths and questions say something about the
labels, as they do in a user's own cases, and on inverted labels they are all a free-weighing description needs.

Usage::

    python experiments/fused-description/make_cases.py tests/fixtures/payments_labelled.jsonl
"""

import json
import sys

DOCS = {
    "payouts": "Payouts are made daily on a T+2 schedule, so funds captured on Monday reach your bank on Wednesday. "
    "Accounts in Japan and Brazil are paid out on a T+4 schedule instead. Instant payouts arrive within 30 minutes "
    "and cost 1% of the amount paid out, with a minimum fee of $0.50. You can switch to weekly or monthly payouts in "
    "the dashboard under Settings.",
    "limits": "In live mode the Starter plan allows 100 requests per second and the Growth plan allows 250 requests "
    "per second. Test mode is limited to 25 requests per second on every plan. A request over the limit is answered "
    "with HTTP status 429 and a Retry-After header. Bursts of up to twice the limit are accepted for at most one "
    "second.",
    "refunds": "A payment can be refunded in full or in part within 180 days of the original charge. The processing "
    "fee of the original payment is not returned when you refund it. Card refunds usually appear on the customer's "
    "statement within 5 to 10 business days. Each refund triggers a refund.created webhook event.",
    "disputes": "A customer can dispute a card payment within 120 days of the charge. The dispute fee is $15 and it "
    "is returned to you if you win the dispute. You have 7 days to submit evidence in the dashboard. Disputes on "
    "payments under $5 are accepted automatically.",
}
# (doc, question, faithful answer: a sentence of the source, hallucinated answer: an invented value)
CASES = [
    (
        "payouts",
        "How fast are payouts?",
        "Payouts are made daily on a T+2 schedule, so funds captured on Monday reach your bank on Wednesday.",
        "Payouts arrive on T+1.",
    ),
    (
        "payouts",
        "How are accounts in Japan paid out?",
        "Accounts in Japan and Brazil are paid out on a T+4 schedule instead.",
        "Japan is paid on T+6.",
    ),
    (
        "payouts",
        "What do instant payouts cost?",
        "Instant payouts arrive within 30 minutes and cost 1% of the amount paid out, with a minimum fee of $0.50.",
        "They cost 3%, at least $2.",
    ),
    (
        "payouts",
        "Can I change the payout schedule?",
        "You can switch to weekly or monthly payouts in the dashboard under Settings.",
        "Only quarterly payouts exist.",
    ),
    (
        "limits",
        "What is the Growth plan's rate limit?",
        "In live mode the Starter plan allows 100 requests per second and the Growth plan allows 250 requests "
        "per second.",
        "Growth allows 900 requests.",
    ),
    (
        "limits",
        "How fast can I call the test API?",
        "Test mode is limited to 25 requests per second on every plan.",
        "Test mode allows 60 per second.",
    ),
    (
        "limits",
        "What happens over the rate limit?",
        "A request over the limit is answered with HTTP status 429 and a Retry-After header.",
        "You get HTTP 503.",
    ),
    (
        "limits",
        "Are bursts allowed?",
        "Bursts of up to twice the limit are accepted for at most one second.",
        "Bursts of ten times are fine.",
    ),
    (
        "refunds",
        "How long can I refund a payment?",
        "A payment can be refunded in full or in part within 180 days of the original charge.",
        "Refunds close after 90 days.",
    ),
    (
        "refunds",
        "Is the fee returned on a refund?",
        "The processing fee of the original payment is not returned when you refund it.",
        "The fee is returned in full.",
    ),
    (
        "refunds",
        "When does the customer see a refund?",
        "Card refunds usually appear on the customer's statement within 5 to 10 business days.",
        "Within 2 hours.",
    ),
    (
        "refunds",
        "Which webhook does a refund send?",
        "Each refund triggers a refund.created webhook event.",
        "It sends refund.settled.",
    ),
    (
        "disputes",
        "How long can a customer dispute a payment?",
        "A customer can dispute a card payment within 120 days of the charge.",
        "Disputes close after 30 days.",
    ),
    (
        "disputes",
        "What is the dispute fee?",
        "The dispute fee is $15 and it is returned to you if you win the dispute.",
        "The fee is $40.",
    ),
    (
        "disputes",
        "How long do I have to submit evidence?",
        "You have 7 days to submit evidence in the dashboard.",
        "You have 21 days.",
    ),
    (
        "disputes",
        "Are small disputes handled differently?",
        "Disputes on payments under $5 are accepted automatically.",
        "Under $50 they are accepted.",
    ),
]


# One answer of each label goes against the lengths: a short faithful extract, a copied sentence with a value changed.
SHORT_FAITHFUL = {9: "No, it is not returned."}
LONG_INVENTED = {
    8: "A payment can be refunded in full or in part within 365 days of the original charge.",
}


def main(path: str) -> None:
    """Write the cases to ``path`` as JSONL records (id, question, answer, context, label)."""
    with open(path, "w", encoding="utf-8") as out:
        for i, (doc, question, faithful, invented) in enumerate(CASES):
            faithful, invented = SHORT_FAITHFUL.get(i, faithful), LONG_INVENTED.get(i, invented)
            for label, answer in ((0, faithful), (1, invented)):
                record = {
                    "id": f"pay-{i + 1}-{label}",
                    "question": question,
                    "answer": answer,
                    "context": [{"id": doc, "text": DOCS[doc]}],
                    "label": label,
                }
                if label == 1 and i % 2:
                    record["question"] = None  # some answers come without their question
                out.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
