import { useCustom, usePermissions, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Col, Result, Row, Spin, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import type { AdminDashboard } from '@medportal/contract';
import type { AdminArea } from '@medportal/contract/constants';

/** How often the dashboard asks for fresh figures. */
const REFRESH_MS = 30_000;

interface Figure {
  key: string;
  label: string;
  value: number;
  /** Money in fen, shown in yuan. */
  money?: boolean;
  to?: string;
}

/** The dashboard's figures the caller's roles reach (a null group is not shown), each linking to its list. */
function figures(d: AdminDashboard, t: (key: string) => string): Figure[] {
  const out: Figure[] = [];
  if (d.moderation) {
    out.push({ key: 'mod', label: t('dashboard.moderationPending'), value: d.moderation.pending, to: '/moderation' });
    out.push({ key: 'modq', label: t('dashboard.questionsPending'), value: d.moderation.questions, to: '/moderation?kind=question' });
    out.push({ key: 'modc', label: t('dashboard.commentsPending'), value: d.moderation.comments, to: '/moderation?kind=comment' });
  }
  if (d.lives) {
    out.push({ key: 'lt', label: t('dashboard.livesToday'), value: d.lives.today, to: '/lives' });
    out.push({ key: 'ln', label: t('dashboard.liveNow'), value: d.lives.live_now, to: '/lives' });
    out.push({ key: 'lv', label: t('dashboard.viewers'), value: d.lives.viewers });
  }
  if (d.users) out.push({ key: 'u', label: t('dashboard.newUsers'), value: d.users.new_today, to: '/users' });
  if (d.orders) {
    out.push({ key: 'o', label: t('dashboard.paidOrders'), value: d.orders.paid_today, to: '/orders' });
    out.push({ key: 'r', label: t('dashboard.revenue'), value: d.orders.revenue_fen, money: true, to: '/orders' });
  }
  if (d.withdrawals) out.push({ key: 'w', label: t('dashboard.withdrawalsPending'), value: d.withdrawals.pending, to: '/withdrawals' });
  if (d.service) out.push({ key: 's', label: t('dashboard.contactNew'), value: d.service.contact_new, to: '/contact_messages' });
  return out;
}

/** `/admin`: today's figures of the areas the operator reaches, refreshed every 30 seconds. */
export function HomeRedirect() {
  const t = useTranslate();
  const { data: areas, isLoading: areasLoading } = usePermissions<AdminArea[]>({});
  const { query, result } = useCustom<AdminDashboard>({
    url: '/v1/admin/dashboard',
    method: 'get',
    queryOptions: { refetchInterval: REFRESH_MS, refetchIntervalInBackground: false },
    errorNotification: false,
  });
  if (areasLoading || query.isLoading) return <Spin aria-label={t('loading')} />;
  if (query.isError && !result.data) {
    return (
      <Result
        status="error"
        title={t('dashboard.failed')}
        subTitle={query.error?.message}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const d = result.data as AdminDashboard | undefined;
  const items = d ? figures(d, t) : [];
  if (items.length === 0) {
    const names = (areas ?? []).map((a) => t(`areas.${a}`)).join(t('common.listSeparator', '、'));
    return <Result status="info" title={t('home.noPages', { areas: names })} />;
  }
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('dashboard.title')} <Typography.Text type="secondary" style={{ fontSize: 14 }}>{d?.day}</Typography.Text>
      </Typography.Title>
      {query.isError ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('dashboard.stale')} /> : null}
      <Row gutter={[16, 16]}>
        {items.map((f) => {
          const stat = (
            <Statistic
              title={f.label}
              value={f.money ? f.value / 100 : f.value}
              precision={f.money ? 2 : 0}
              suffix={f.money ? t('money.yuan') : undefined}
            />
          );
          return (
            <Col key={f.key} xs={12} md={8} xl={6}>
              <Card size="small" data-figure={f.key}>
                {f.to ? (
                  <Link to={f.to} style={{ color: 'inherit', display: 'block' }}>
                    {stat}
                  </Link>
                ) : (
                  stat
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('dashboard.refreshes')}
      </Typography.Paragraph>
    </div>
  );
}
