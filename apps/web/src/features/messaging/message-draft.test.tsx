import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './components/thread-view';
import { MESSAGE_DRAFT_TTL_MS, messageDraftKey, readMessageDraft, writeMessageDraft } from './message-draft';

afterEach(() => sessionStorage.clear());

const thread = () => ({
  send: vi.fn().mockResolvedValue(undefined),
  noteTyping: vi.fn(),
  stopTyping: vi.fn(),
  isConnected: true,
});

describe('message drafts', () => {
  it('gives an unsent message back when the conversation opens again, until it is sent', async () => {
    const key = messageDraftKey('me', 'them');
    const first = render(<Composer thread={thread()} draftKey={key} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'See you at six');
    first.unmount();

    // Signed out and in again (or reloaded): the words are still in the box.
    const again = thread();
    render(<Composer thread={again} draftKey={key} />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('See you at six');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(again.send).toHaveBeenCalledWith('See you at six');
    expect(readMessageDraft(key)).toBe('');
  });

  it('keeps drafts apart per writer and conversation, and drops old ones', () => {
    writeMessageDraft(messageDraftKey('me', 'a'), 'to a', 0);
    expect(readMessageDraft(messageDraftKey('me', 'b'), 1)).toBe('');
    expect(readMessageDraft(messageDraftKey('other', 'a'), 1)).toBe('');
    expect(readMessageDraft(messageDraftKey('me', 'a'), 1)).toBe('to a');
    expect(readMessageDraft(messageDraftKey('me', 'a'), MESSAGE_DRAFT_TTL_MS + 1)).toBe('');
  });
});
