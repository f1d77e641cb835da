import { LIMITS, MODELS_BY_TYPE } from '@atelier/shared';

export interface Faq {
  question: string;
  answer: string[];
}

export interface FaqGroup {
  id: string;
  topic: string;
  faqs: Faq[];
}

const cheapestPhoto = Math.min(...MODELS_BY_TYPE.photo.map((m) => m.cost));
const dearestVideo = Math.max(...MODELS_BY_TYPE.video.map((m) => m.cost));
const referenceMb = LIMITS.referenceImageMaxBytes / (1024 * 1024);

/** The help center's questions, grouped by topic. Answers are paragraphs of plain text so search can read them. */
export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: 'getting-started',
    topic: 'Getting started',
    faqs: [
      {
        question: 'What is Atelier?',
        answer: [
          'Atelier turns a written prompt into photos, video, seamless loops, illustrations, GIFs and vectors. You pay for each generation with credits, keep your work private or share it in the community gallery, save favourites into collections, find or post creative jobs, and message other members.',
        ],
      },
      {
        question: 'Do I need an account?',
        answer: [
          'You can read every page and browse the public gallery without one. To generate, like, comment, collect, apply for jobs or send messages you need a free account, because generations are paid for from your own credit balance.',
        ],
      },
      {
        question: 'Why should I verify my email address?',
        answer: [
          'Verifying proves the address is yours, so you can recover your account if you forget your password. It is also required to post jobs, and referral bonuses are paid once the invited friend verifies.',
          'Open Settings and request a verification code; we email you a 6-digit code that is valid for 10 minutes.',
        ],
      },
    ],
  },
  {
    id: 'generating',
    topic: 'Generating',
    faqs: [
      {
        question: 'How do I write a good prompt?',
        answer: [
          `Be specific. Name the subject, the setting, the light, the style and the framing: "portrait of an elderly craftsman in his workshop, soft window light, shallow depth of field" works far better than "old man". Prompts can be up to ${LIMITS.promptMaxLength} characters.`,
          'Each format shows four example prompts in the Generate dialog; click one to copy it into the prompt box and adapt it.',
        ],
      },
      {
        question: 'Can I use a reference image?',
        answer: [
          `Yes. Open Advanced settings in the Generate dialog and upload a PNG or JPG up to ${referenceMb} MB. The variation strength slider (0 to 100, default 50) sets how far the result may move away from it. Only upload images you own or have permission to use.`,
        ],
      },
      {
        question: 'How long does a generation take?',
        answer: [
          'It depends on the model: each one is labelled Fast, Medium or Slow. Images usually take seconds, video longer. The content page shows progress while it works, and you can keep browsing; it updates itself when the result is ready.',
        ],
      },
      {
        question: 'Can I keep my generations private?',
        answer: [
          'Tick "Make this content private" in Advanced settings before you generate. Private content is visible only to you: it never appears in the gallery, in search or on your public profile. You can change it later by editing the content.',
        ],
      },
    ],
  },
  {
    id: 'credits-billing',
    topic: 'Credits and billing',
    faqs: [
      {
        question: 'How do credits work?',
        answer: [
          `Every model has a fixed cost per generation, shown next to it before you generate: photos from ${cheapestPhoto} credits, video up to ${dearestVideo}. The cost is taken from your balance when the generation is queued, and the Generate button stays disabled if your balance is too low.`,
        ],
      },
      {
        question: 'What happens if a generation fails?',
        answer: [
          'You get your credits back automatically. If a generation fails or times out, the full cost is returned to your balance exactly once, and the refund shows in your credit history.',
        ],
      },
      {
        question: 'How do I get more credits?',
        answer: [
          'Buy a credit pack, or subscribe to a plan that adds credits every billing period. You also earn bonus credits when a friend signs up with your referral code and verifies their email; they get a bonus too.',
        ],
      },
      {
        question: 'How do I cancel my subscription?',
        answer: [
          'Cancel from your subscription settings at any time. Your plan stays active until the end of the period you have paid for, and you keep its credits. Changed your mind? Reactivate before the period ends and nothing changes.',
        ],
      },
    ],
  },
  {
    id: 'gallery-collections',
    topic: 'Gallery and collections',
    faqs: [
      {
        question: 'Who can see what I generate?',
        answer: [
          'Public generations appear in the community gallery and on your profile, where members can like and comment on them. Private generations are visible only to you.',
        ],
      },
      {
        question: 'What is a collection?',
        answer: [
          'A collection is a named set of saved pieces: a mood board, references for a project, picks to show a client. Add anything you can see in the gallery, including your own work, and open the collection any time from the Collections page.',
        ],
      },
    ],
  },
  {
    id: 'account-security',
    topic: 'Account and security',
    faqs: [
      {
        question: 'I forgot my password. What now?',
        answer: [
          'Choose "Forgot password?" in the sign-in window and enter your email. We send a 6-digit code, valid for 10 minutes; enter it, then choose a new password of at least 8 characters with an uppercase letter, a lowercase letter and a number.',
        ],
      },
      {
        question: 'How do I sign out of other devices?',
        answer: [
          'Open Settings and go to Sessions. You can see every device signed in to your account, end any one of them, or sign out everywhere at once.',
        ],
      },
      {
        question: 'How do I delete my account?',
        answer: [
          'Open Settings and choose Delete account. This removes your profile and your content and cannot be undone. Payment records we are required to keep by law are retained separately.',
        ],
      },
    ],
  },
  {
    id: 'jobs-messages',
    topic: 'Jobs and messages',
    faqs: [
      {
        question: 'Who can post and apply for jobs?',
        answer: [
          'Anyone signed in with a verified email can post a job on the Careers page, and anyone signed in can apply. Posters see every application to their jobs and move them through review, shortlist, interview and offer; applicants can follow their status and withdraw at any time.',
        ],
      },
      {
        question: 'How do messages and the support chat work?',
        answer: [
          'Messages are delivered in real time and kept, so anything sent while you were away is waiting when you come back. Signed-in members also get a support chat button in the bottom-right corner that goes straight to our team; the dot on it shows whether you are connected.',
        ],
      },
    ],
  },
];

/** Keeps the FAQs whose question or answer contains every word of the query, case-insensitively. */
export function searchFaqs(groups: FaqGroup[], query: string): FaqGroup[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      faqs: group.faqs.filter((faq) => {
        const text = `${faq.question} ${faq.answer.join(' ')} ${group.topic}`.toLowerCase();
        return terms.every((term) => text.includes(term));
      }),
    }))
    .filter((group) => group.faqs.length > 0);
}
