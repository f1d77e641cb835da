import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from '../components/ui/toast';
import type { z } from 'zod';
import { SitePageMeta } from '../components/site-page-meta';
import { Button, Card, Field, Input, MailIcon, MessageIcon, ShieldIcon, TextArea } from '../components/ui';
import { useAppSelector } from '../lib/hooks';
import { errorMessage } from '../lib/errors';
import { contactMessageSchema, useSendContactMessageMutation } from '../features/contact/contact-api';
import { PageHeader } from './parts/page-header';
import './pages.css';

const MESSAGE_MAX = 5000;
const SEND_FAILED = 'Failed to send message';
const SENT_FALLBACK = 'Thanks! Your message has been sent.';

type ContactFormInput = z.input<typeof contactMessageSchema>;
type ContactFormOutput = z.output<typeof contactMessageSchema>;

export function ContactPage() {
  const user = useAppSelector((state) => (state.auth.isAuthenticated ? state.auth.user : null));
  const [sendMessage, { isLoading }] = useSendContactMessageMutation();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: user?.fullName || user?.name || '', email: user?.email ?? '', subject: '', message: '' },
  });
  const messageLength = watch('message')?.length ?? 0;

  const onSubmit = async (values: ContactFormOutput) => {
    try {
      const reply = await sendMessage(values).unwrap();
      toast.success(reply.message || SENT_FALLBACK);
      reset({ name: values.name, email: values.email, subject: '', message: '' });
    } catch (error) {
      toast.error(errorMessage(error, SEND_FAILED));
    }
  };

  return (
    <>
      <SitePageMeta
        path="/contact-us"
        description="Questions, feedback, a report or a partnership idea: send the Atelier team a message and a person will reply by email."
      />
      <PageHeader
        eyebrow="Contact"
        title="Talk to the people behind Atelier"
        lead="Questions about credits or billing, a bug, a report about content, or an idea for us: send a message and a person will reply by email."
      />

      <section className="section section--tight">
        <div className="container contact-layout">
          <aside className="contact-aside" aria-label="Other ways to get help">
            <div className="contact-aside__item">
              <span className="contact-aside__icon">
                <MessageIcon size={20} />
              </span>
              <div>
                <h2 className="h4">Quick answers</h2>
                <p className="muted">
                  The <Link to="/help-center">help center</Link> answers the most common questions about generating,
                  credits and your account.
                </p>
              </div>
            </div>
            <div className="contact-aside__item">
              <span className="contact-aside__icon">
                <MailIcon size={20} />
              </span>
              <div>
                <h2 className="h4">Already a member?</h2>
                <p className="muted">
                  Signed-in members can also use the support chat in the bottom-right corner for a live conversation
                  with our team.
                </p>
              </div>
            </div>
            <div className="contact-aside__item">
              <span className="contact-aside__icon">
                <ShieldIcon size={20} />
              </span>
              <div>
                <h2 className="h4">Reporting content</h2>
                <p className="muted">
                  Include the link to the content and what is wrong with it. See our{' '}
                  <Link to="/ai-ethics">AI ethics</Link> for the rules we enforce.
                </p>
              </div>
            </div>
          </aside>

          <Card padding="lg">
            <form className="contact-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Contact form">
              <div className="contact-form__row">
                <Field label="Name" error={errors.name?.message} isRequired>
                  <Input autoComplete="name" {...register('name')} />
                </Field>
                <Field label="Email" error={errors.email?.message} isRequired>
                  <Input type="email" autoComplete="email" {...register('email')} />
                </Field>
              </div>
              <Field label="Subject" error={errors.subject?.message} isRequired>
                <Input placeholder="What is it about?" {...register('subject')} />
              </Field>
              <Field
                label="Message"
                error={errors.message?.message}
                isRequired
                aside={`${messageLength} / ${MESSAGE_MAX}`}
              >
                <TextArea
                  rows={7}
                  maxLength={MESSAGE_MAX}
                  placeholder="Tell us as much as you can."
                  {...register('message')}
                />
              </Field>
              <div className="contact-form__footer">
                <p className="small muted">
                  We use what you send only to answer you. See our <Link to="/privacy-policy">privacy policy</Link>.
                </p>
                <Button type="submit" size="lg" isLoading={isLoading}>
                  {isLoading ? 'Sending…' : 'Send message'}
                </Button>
              </div>
            </form>
          </Card>
        </div>
      </section>
    </>
  );
}
