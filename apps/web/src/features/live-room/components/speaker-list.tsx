import { useTranslation } from 'react-i18next';
import type { LiveSpeaker } from '@medportal/contract';

/** The speakers card of the live room and of its recording; nothing when there are none. */
export function SpeakerList({ speakers }: { speakers: LiveSpeaker[] }) {
  const { t } = useTranslation('liveRoom');
  if (speakers.length === 0) return null;
  return (
    <section className="lr-card lr-order-end">
      <h2>{t('speakers')}</h2>
      <ul className="lr-speakers">
        {speakers.map((s) => (
          <li key={s.id}>
            <img src={s.avatar} alt="" width={48} height={48} className="lr-avatar" />
            <div>
              <strong>{s.name}</strong>
              <span className="lr-muted">
                {t(`role.${s.role}`)} · {s.title}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
