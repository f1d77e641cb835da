import { expect, test, type APIRequestContext } from '@playwright/test';
import { codeFromOutbox, newPerson, signUp } from './support';

/** A minimal valid PDF: the server checks résumés by their bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function registerByApi(request: APIRequestContext, prefix: string) {
  const person = newPerson(prefix);
  const res = await request.post('/api/v1/auth/register', { data: person });
  expect(res.status()).toBe(201);
  const { data } = await res.json();
  return { ...person, token: data.accessToken as string };
}

test('post a job, receive applications with a PDF, shortlist in bulk, reject one; the applicant sees it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ownerPage = await (await browser.newContext()).newPage();
  const owner = newPerson('owner');
  const before = Date.now() - 1000;
  await ownerPage.goto('/');
  await signUp(ownerPage, owner);

  // Posting needs a verified email.
  await ownerPage.goto('/verify-email');
  const code = await codeFromOutbox(owner.email, before);
  await ownerPage.getByLabel('Digit 1 of 6').click();
  // The sixth digit sends the code: no button to press.
  await ownerPage.keyboard.type(code);
  await expect(ownerPage.getByText(`Your email address ${owner.email} is verified.`)).toBeVisible();

  await ownerPage.goto('/jobs/new');
  const title = `Motion designer ${Date.now().toString(36)}`;
  await ownerPage.getByRole('textbox', { name: 'Title' }).fill(title);
  await ownerPage.getByRole('textbox', { name: 'Company' }).fill('Northlight Studio');
  await ownerPage.getByRole('textbox', { name: 'Location' }).fill('Lisbon');
  await ownerPage.getByRole('textbox', { name: 'Description' }).fill('Design loops and short videos for our clients.');
  await ownerPage.locator('form.job-form button[type="submit"]').click();
  await expect(ownerPage.getByText('Job created successfully')).toBeVisible();

  // One applicant applies in the browser with a PDF résumé.
  const applicantPage = await (await browser.newContext()).newPage();
  const applicant = newPerson('appl');
  await applicantPage.goto('/');
  await signUp(applicantPage, applicant);
  await applicantPage.goto('/careers');
  await applicantPage.getByRole('link', { name: title }).first().click();
  await applicantPage.getByRole('textbox', { name: 'Cover letter' }).fill('I make loops that people watch twice.');
  await applicantPage.locator('input[type="file"]').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
  await applicantPage.getByRole('button', { name: 'Submit application' }).click();
  await expect(applicantPage.getByText('Application submitted successfully')).toBeVisible();

  // Two more apply through the API.
  const jobId = applicantPage.url().split('/').pop()!;
  for (const prefix of ['bea', 'cal']) {
    const other = await registerByApi(request, prefix);
    const res = await request.post('/api/v1/applications', {
      headers: { authorization: `Bearer ${other.token}` },
      data: { jobId, name: other.fullName, email: other.email, coverLetter: 'Happy to help with this.' },
    });
    expect(res.status()).toBe(201);
  }

  // The owner shortlists two in bulk and rejects the third.
  await ownerPage.goto(`/jobs/${jobId}/applications`);
  await ownerPage.getByRole('checkbox', { name: `Select ${applicant.fullName}` }).check();
  await ownerPage.getByRole('checkbox', { name: 'Select Bea Tester' }).check();
  await ownerPage.getByLabel('New status for selected').selectOption('shortlisted');
  await ownerPage.getByRole('button', { name: 'Update selected' }).click();
  await expect(ownerPage.getByText('2 applications updated to shortlisted')).toBeVisible();
  // The applicant, still on the job page, is told in the product as it happens.
  await expect(applicantPage.getByText(`Your application for ${title} at Northlight Studio is now shortlisted`)).toBeVisible();
  await ownerPage.getByLabel('Status of Cal Tester').selectOption('rejected');
  await expect(ownerPage.getByText('Application updated successfully')).toBeVisible();

  // The applicant sees the new status.
  await applicantPage.goto('/applications/mine');
  await expect(applicantPage.getByRole('link', { name: title })).toBeVisible();
  await expect(applicantPage.getByText('Shortlisted').first()).toBeVisible();
});
