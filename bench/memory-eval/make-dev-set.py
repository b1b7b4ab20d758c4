# Generates dev-set.json: hand-written facts, each in its own session among small talk, asked back
# with a paraphrased question; distractor sessions reuse the vocabulary with different facts.
# Kept as a script so the set can be extended and regenerated deterministically.
import json, random

random.seed(7)
facts = [
    ("Our staging database runs on Postgres 15 in the Frankfurt region.", "Which region hosts the pre-production DB?"),
    ("The production database lives in Dublin on a db.r6g.xlarge instance.", "What instance type does the prod database use?"),
    ("We agreed the Q3 migration will follow plan B: dual writes first, then cutover.", "What approach did we pick for the third-quarter migration?"),
    ("My daughter's name is Lena and she starts school in September.", "When does my kid begin school?"),
    ("I switched my phone plan to the 20 GB tier at 15 euros a month.", "How much do I pay for mobile data now?"),
    ("The on-call rotation changes every Monday at 9:00 Berlin time.", "At what time does the pager handover happen?"),
    ("Our API rate limit is 600 requests per minute per key.", "How many calls per minute can one key make?"),
    ("I am allergic to peanuts, so please never suggest satay.", "Which food allergy should you remember for me?"),
    ("The design review for the billing page is on Thursday the 14th.", "When is the billing UI review scheduled?"),
    ("We chose Grafana Tempo over Jaeger for tracing because of object storage.", "Which tracing backend did we settle on?"),
    ("My flight to Lisbon leaves at 06:40 from gate B22.", "What gate does my Portugal flight depart from?"),
    ("The marketing budget for October is 42,000 dollars.", "How much money can marketing spend next October?"),
    ("Customer Acme Corp renewed for three years at a 12 percent discount.", "What discount did Acme get on their renewal?"),
    ("I prefer answers in British English with metric units.", "Which spelling and units do I like?"),
    ("The Kubernetes cluster was upgraded to version 1.31 last night.", "What k8s release are we on now?"),
    ("Our security audit found an expired TLS certificate on the status page.", "What problem did the security review uncover?"),
    ("The new hire, Priya, joins the platform team on the 3rd.", "Who is joining the infrastructure group?"),
    ("My gym membership renews on the first of every month for 35 euros.", "How much is my fitness subscription?"),
    ("Backups are kept for 35 days and copied nightly to a second region.", "How long do we retain backups?"),
    ("The error budget for the checkout service is 0.1 percent per month.", "What is the allowed failure rate for payments checkout?"),
    ("I bought a used Volvo V60 in dark blue last spring.", "What car do I drive?"),
    ("We deprecated the v1 webhooks; they stop working on March 31.", "When do the old webhooks shut off?"),
    ("The office wifi password rotates quarterly and is posted in the kitchen.", "Where can I find the network passphrase at the office?"),
    ("Our support team answers tickets within four business hours.", "What is the response time promise for help requests?"),
    ("I am training for a half marathon in Rotterdam in April.", "Which race am I preparing for?"),
    ("The feature flag for the new editor is called rich-text-v2.", "What is the toggle name for the editor rollout?"),
    ("We store customer invoices as PDFs in the bucket acme-invoices-eu.", "Where are billing documents kept?"),
    ("My landlord raised the rent to 1,450 euros starting in May.", "How much will my housing cost from May?"),
    ("The load test peaked at 12,000 requests per second before latency doubled.", "What throughput did the stress test reach?"),
    ("Our quarterly planning offsite is in Porto from June 3 to June 5.", "Where is the team retreat taking place?"),
    ("The mobile app crash rate dropped to 0.3 percent after release 5.2.", "How often does the app crash since the latest version?"),
    ("I take my coffee with oat milk and no sugar.", "How do I like my morning drink?"),
    ("The legal team approved the new privacy policy on the 9th.", "When was the data protection document signed off?"),
    ("We rotate database credentials every 30 days using Vault.", "How frequently are DB passwords changed?"),
    ("My sister Mara lives in Vancouver and works as a nurse.", "What does my sibling in Canada do for a living?"),
    ("The search service uses BM25 with a boost on titles of 2.0.", "How are titles weighted in search ranking?"),
    ("The vendor contract with CloudNova ends on December 31.", "When does our hosting supplier agreement expire?"),
    ("I need to renew my passport before the trip to Japan in August.", "What document must I update before traveling to Tokyo?"),
    ("Our CI pipeline takes about 11 minutes on the main branch.", "How long does a build run on trunk?"),
    ("The incident on Friday was caused by a full disk on the queue broker.", "What was the root cause of last week's outage?"),
    ("My doctor's appointment is on the 22nd at 10:15.", "When am I seeing the physician?"),
    ("The default session timeout in the console is 12 hours.", "How long until a logged-in user is signed out?"),
    ("We picked Tailwind for styling the admin dashboard.", "Which CSS approach does the admin UI use?"),
    ("The book club is reading The Left Hand of Darkness this month.", "Which novel is the reading group on?"),
]
distractors = [
    "The staging web servers moved to Amsterdam, but nothing else changed.",
    "Production traffic peaked on Black Friday at 8,000 requests per second.",
    "We discussed plan A for the Q4 migration but postponed the decision.",
    "My son's football practice is on Wednesdays.",
    "The old phone plan had 5 GB of data.",
    "The design review for the settings page was cancelled.",
    "We evaluated Jaeger and Zipkin last year for logging.",
    "My flight back from Lisbon is not booked yet.",
    "The Kubernetes dashboard needs a new theme.",
    "Priya's old team was data engineering.",
    "Backups of laptops are the employee's responsibility.",
    "The editor team uses the flag naming convention team-feature-version.",
    "My rent in the old flat was 1,100 euros.",
    "The crash reporter SDK was updated in release 5.1.",
    "My cousin lives in Toronto.",
    "Our CI runners are hosted in Frankfurt.",
]
small_talk = [
    ("user", "Thanks, that helps."), ("assistant", "Glad to help. Anything else?"),
    ("user", "Let's pick this up tomorrow."), ("assistant", "Sounds good, talk tomorrow."),
    ("user", "Can you keep that in mind?"), ("assistant", "Noted."),
]

sessions, questions = [], []
for index, (statement, question) in enumerate(facts):
    turns = [{"role": "user", "content": statement}, {"role": "assistant", "content": "Got it, I will remember that."}]
    for role, content in random.sample(small_talk, 2):
        turns.append({"role": role, "content": content})
    sessions.append({"id": f"fact-{index:02d}", "turns": turns})
    questions.append({"id": f"q-{index:02d}", "question": question, "answer_session_ids": [f"fact-{index:02d}"]})
for index, statement in enumerate(distractors):
    sessions.append({"id": f"distractor-{index:02d}", "turns": [{"role": "user", "content": statement}, {"role": "assistant", "content": "Okay."}]})
random.shuffle(sessions)
with open("dev-set.json", "w") as file:
    json.dump({"sessions": sessions, "questions": questions}, file, indent=1)
print(f"{len(sessions)} sessions, {len(questions)} questions")
