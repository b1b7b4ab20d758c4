import { question, type DevQuestion } from './dev-set-types';

/**
 * Never discussed, but with look-alike names or topics, so an over-eager retriever finds
 * something plausible. The right answer is nothing: no session is labelled.
 */
export const abstentionQuestions: DevQuestion[] = [
  question('abstention', 'Which region hosts our staging Redis cluster?', [], 'never discussed (only staging Postgres)'),
  question('abstention', 'What discount did Acme Logistics get on their renewal?', [], 'never discussed (Acme Corp renewed; Acme Logistics is a prospect)'),
  question('abstention', 'When does Priyanka start on the platform team?', [], 'never discussed (Priyanka is in sales; Priya joined)'),
  question('abstention', 'What is the rate limit on the GraphQL API?', [], 'never discussed'),
  question('abstention', 'Which Jaeger version did we deploy to production?', [], 'never discussed (Jaeger was not chosen)'),
  question('abstention', "What is my son's name?", [], 'never discussed (daughter Lena)'),
  question('abstention', 'Which gate does my flight to Lisbon leave from?', [], 'never discussed'),
  question('abstention', 'When is the design review for the mobile onboarding flow?', [], 'never discussed'),
  question('abstention', 'What is the name of my brother in Toronto?', [], 'never discussed (sister Mara in Vancouver)'),
  question('abstention', 'How many partitions does the payments topic have?', [], 'never discussed'),
  question('abstention', 'Which Kubernetes version runs on the Tokyo cluster?', [], 'never discussed'),
  question('abstention', 'What did Henrik from legal say about the cookie banner?', [], 'never discussed (Henrik approved GPS retention)'),
  question('abstention', 'Who won the internal hackathon in May?', [], 'never discussed'),
  question('abstention', 'How often does the office wifi password change?', [], 'never discussed'),
  question('abstention', 'What did the penetration test of the mobile app find?', [], 'never discussed (only the external audit)'),
  question('abstention', 'How much is the marketing budget for the Hamburg trade fair in March?', [], 'never discussed (October budget for Munich)'),
  question('abstention', 'When is my dentist appointment?', [], 'never discussed (doctor appointment only)'),
  question('abstention', 'Which book is the book club reading in September?', [], 'never discussed'),
  question('abstention', 'Did we decide to move the CI runners to Arm instances?', [], 'never discussed'),
  question('abstention', "What is the name of Lena's teacher?", [], 'never discussed'),
  question('abstention', 'How much did Translog pay for the Spanish translation?', [], 'never discussed'),
  question('abstention', 'What is the SLO for the billing API?', [], 'never discussed (only the tracking API)'),
  question('abstention', 'When did we migrate our MySQL database to Aurora?', [], 'never discussed (Postgres was migrated)'),
  question('abstention', 'What did Fastly quote for the image optimisation add-on?', [], 'never discussed'),
  question('abstention', 'How much did the team offsite in Lisbon cost last year?', [], 'never discussed'),
  question('abstention', 'What breed is my dog?', [], 'never discussed'),
];
