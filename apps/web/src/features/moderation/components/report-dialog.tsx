import { useState, type FormEvent } from 'react';
import '../moderation.css';
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@atelier/shared';
import { errorMessage } from '../../../lib/errors';
import { Button, Dialog } from '../../../components/ui';
import { toast } from '../../../components/ui/toast';
import { useReportMutation } from '../moderation-api';

const WHAT: Record<ReportTargetType, string> = {
  content: 'this item',
  comment: 'this comment',
  user: 'this person',
  message: 'this message',
  job: 'this job',
};

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  onClose: () => void;
}

/** Why someone reports a thing, sent to the moderators. Loaded only when someone opens it. */
export function ReportDialog({ targetType, targetId, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [report, { isLoading }] = useReportMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    try {
      const res = await report({ targetType, targetId, reason, ...(details.trim() ? { details: details.trim() } : {}) }).unwrap();
      toast.success(res.message);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Your report could not be sent, please try again'));
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Report ${WHAT[targetType]}`}
      description="Our moderators read every report. The person is not told who reported them."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="report-form" isLoading={isLoading} disabled={!reason}>
            Send report
          </Button>
        </>
      }
    >
      <form id="report-form" onSubmit={submit} className="report-form">
        <fieldset>
          <legend>What is wrong?</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="report-form__reason">
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
        <label className="report-form__details">
          Anything else our moderators should know? (optional)
          <textarea value={details} maxLength={1000} rows={3} onChange={(e) => setDetails(e.target.value)} />
        </label>
      </form>
    </Dialog>
  );
}
