import { MSG } from '@atelier/shared';
import { api } from '../../../lib/api';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { Checkbox } from '../../../components/ui';
import { toast } from '../../../components/ui/toast';
import { useUpdateSettingsMutation } from '../account-api';
import { settingsLoaded } from '../auth-slice';

/** showMature: off by default; on, mature items show in lists and open without a gate. Saved at once. */
export function MatureContentSetting() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector((s) => s.auth.userSettings);
  const [updateSettings, { isLoading }] = useUpdateSettingsMutation();
  const isOn = settings?.showMature === true;
  const toggle = async () => {
    try {
      const next = await updateSettings({ showMature: !isOn }).unwrap();
      dispatch(settingsLoaded(next));
      // Every list and item page read before holds the old choice.
      dispatch(api.util.invalidateTags(['Content']));
      toast.success(next.showMature ? 'Mature content is now shown' : 'Mature content is now hidden');
    } catch (err) {
      toast.error(errorMessage(err, MSG.users.updateSettingsFailed));
    }
  };
  return (
    <Checkbox
      label="Show mature content"
      hint="I am an adult and want to see items rated mature in the gallery, search and feeds."
      checked={isOn}
      disabled={isLoading || !settings}
      onChange={toggle}
    />
  );
}
