import { authEndpoints } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { api } from '../../lib/api/request';
import { avatarUrl } from '../../lib/avatar';
import { useSession } from '../../stores/session';
import './profile.css';
import { ProfileInfoForm } from './profile-info-form';
import { PASSWORD_POLICY_TEXT } from '../../components/password/password-change-fields';
import { ProfilePasswordForm } from './profile-password-form';
import { ProfileSecondFactor } from './profile-second-factor';
import { UserAvatar } from '../../components/user-avatar';

/** Who signs in (domain: adminType 0 platform, 1 provider admin, 2 provider staff). */
const adminTypeLabels: Record<number, string> = { 0: '平台管理员', 1: '服务商管理员', 2: '服务商员工' };

/** 个人中心: the signed-in account, its editable details and its password. */
export function ProfilePage() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['profile'],
    queryFn: async () => {
      const user = await api(authEndpoints.info);
      useSession.getState().setProfile(user);
      return user;
    },
  });
  const user = query.data;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="个人信息加载失败"
        action={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  }
  if (!user) return <Skeleton active avatar paragraph={{ rows: 6 }} />;

  return (
    <Row gutter={[16, 16]} className="profile">
      <Col xs={24} lg={8}>
        <Card className="profile-card">
          <div className="profile-identity">
            <UserAvatar size={88} src={avatarUrl(user.headImg)} alt={`${user.name}的头像`} />
            <h2>{user.name}</h2>
            <div>
              <Tag color="blue">{adminTypeLabels[user.adminType] ?? '账号'}</Tag>
              {user.agentAdminDirect === 1 && <Tag color="gold">平台直营</Tag>}
            </div>
          </div>
          <Descriptions column={1} size="small" className="profile-facts">
            <Descriptions.Item label="登录名">{user.loginName}</Descriptions.Item>
            {user.agentName && <Descriptions.Item label="所属服务商">{user.agentName}</Descriptions.Item>}
            <Descriptions.Item label="手机号">{user.phone || '未填写'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{user.email || '未填写'}</Descriptions.Item>
            <Descriptions.Item label="上次登录">
              {user.lastLoginAt ? dayjs(user.lastLoginAt).format('YYYY-MM-DD HH:mm') : '首次登录'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              {
                key: 'info',
                label: '基本资料',
                children: <ProfileInfoForm user={user} onSaved={(saved) => client.setQueryData(['profile'], saved)} />,
              },
              {
                key: 'password',
                label: '修改密码',
                children: (
                  <>
                    <Alert
                      type="info"
                      showIcon
                      className="profile-policy"
                      title={`密码规则：${PASSWORD_POLICY_TEXT}。修改成功后需重新登录。`}
                    />
                    <ProfilePasswordForm />
                  </>
                ),
              },
              { key: 'secondFactor', label: '两步验证', children: <ProfileSecondFactor /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
