export interface paths {
    "/open/api/auth/app-access-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An app's access token for its id and secret (reused while 30 minutes or more are left) */
        post: operations["apiAuthAppAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/auth/app-ticket/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A store app's app_ticket pushed to its event endpoint again, within seconds (Lark's flow needs it; this API's token call does not) */
        post: operations["apiAuthAppTicketResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/auth/tenant-access-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A store app's token acting in one buyer's business unit, for the app's access token and the buyer's tenant_key */
        post: operations["apiAuthTenantAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/role/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A page of the BU's roles
         * @description Permission code: app
         */
        post: operations["role.page"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/role/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One role by guid
         * @description Permission code: app
         */
        post: operations["role.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/company/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A page of the BU's companies
         * @description Permission code: app
         */
        post: operations["company.page"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/project/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A page of the BU's projects
         * @description Permission code: app
         */
        post: operations["project.page"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/department/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A page of the BU's departments (filters: name, parent)
         * @description Permission code: app
         */
        post: operations["department.page"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/department/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One department by guid
         * @description Permission code: app
         */
        post: operations["department.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/department/tree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The departments of the app's BU, nested
         * @description Permission code: app
         */
        post: operations["department.tree"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/department/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a department to the BU
         * @description Permission code: app
         */
        post: operations["department.add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/department/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a department (the fields given)
         * @description Permission code: app
         */
        post: operations["department.update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/department/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a department
         * @description Permission code: app
         */
        post: operations["department.delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/position/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A page of the BU's positions
         * @description Permission code: app
         */
        post: operations["position.page"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/position/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One position by guid
         * @description Permission code: app
         */
        post: operations["position.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/position/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a position to the BU
         * @description Permission code: app
         */
        post: operations["position.add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/position/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a position (the fields given)
         * @description Permission code: app
         */
        post: operations["position.update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/position/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a position
         * @description Permission code: app
         */
        post: operations["position.delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/member/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A page of the BU's members (filters: name, department, position, account type, duty status, e-mail, phone)
         * @description Permission code: app
         */
        post: operations["member.page"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/member/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One member by guid
         * @description Permission code: app
         */
        post: operations["member.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/member/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a member to the BU
         * @description Permission code: app
         */
        post: operations["member.add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/member/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a member (the fields given)
         * @description Permission code: app
         */
        post: operations["member.update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/member/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a member from the BU
         * @description Permission code: app
         */
        post: operations["member.delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/work-order/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Raise a work order for the BU, about the calling app
         * @description Permission code: app
         */
        post: operations["work-order.add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/work-order/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Page through the BU's work orders
         * @description Permission code: app
         */
        post: operations["work-order.page"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/work-order/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a work order with its conversation
         * @description Permission code: app
         */
        post: operations["work-order.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/app/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The calling app's own information (no secrets)
         * @description Permission code: app
         */
        post: operations["app.info"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/process/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a run of one of the BU's approval processes (by its code) for the BU's approvers to decide
         * @description Permission code: app
         */
        post: operations["process.start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/process/instance/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run the app started: its state, waiting step and history
         * @description Permission code: app
         */
        post: operations["process.get"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/bu/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The app's own business unit: its name, code, domains and description
         * @description Permission code: app
         */
        post: operations["bu.info"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/work-order/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reply to a work order as the app
         * @description Permission code: app
         */
        post: operations["work-order.reply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open/api/v1/message/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message to the message center of everyone in the BU, a department's members or chosen members
         * @description Permission code: app
         */
        post: operations["message.send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/auth/v3/tenant_access_token/internal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lark's tenant token call: the app's access token for its id and secret */
        post: operations["lark.auth.tenant_access_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/auth/v3/app_access_token/internal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lark's app token call: the same access token, named both ways */
        post: operations["lark.auth.app_access_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/auth/v3/app_ticket/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lark's ticket call: a store app's app_ticket pushed to its event endpoint again, within seconds */
        post: operations["lark.auth.app_ticket_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/auth/v3/app_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lark's store-app token call: the app's access token for its id, secret and the app_ticket pushed to it */
        post: operations["lark.auth.store_app_access_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/auth/v3/tenant_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lark's store-app tenant call: a token acting in one buyer's business unit, for the app's access token and the buyer's tenant_key */
        post: operations["lark.auth.store_tenant_access_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/authen/v1/oidc/access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lark's user token call: a person's user access token and refresh token for the code of a web login (Bearer: the app's access token) */
        post: operations["lark.authen.oidc_access_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/authen/v1/oidc/refresh_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lark's user token refresh: a new user access token and refresh token for the last refresh token, which is used up (Bearer: the app's access token) */
        post: operations["lark.authen.oidc_refresh_access_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/authen/v1/user_info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's user info: who a user access token is (Bearer: the user access token) */
        get: operations["lark.authen.user_info"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's user list: the members of a department, or of the whole BU */
        get: operations["lark.contact.user.list"];
        put?: never;
        /** Lark's user create: adds a member to the BU */
        post: operations["lark.contact.user.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/users/find_by_department": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's users of a department: the members of one department */
        get: operations["lark.contact.user.find_by_department"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/users/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's batch user get: the members of the BU among up to 50 user ids, others left out */
        get: operations["lark.contact.user.batch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/users/batch_get_id": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lark's user ids by e-mail or mobile: for each of up to 50 e-mails and 50 mobiles, the member of the BU with it */
        post: operations["lark.contact.user.batch_get_id"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's user get: one member */
        get: operations["lark.contact.user.get"];
        put?: never;
        post?: never;
        /** Lark's user delete: deletes a member */
        delete: operations["lark.contact.user.delete"];
        options?: never;
        head?: never;
        /** Lark's user patch: changes the fields given of a member */
        patch: operations["lark.contact.user.patch"];
        trace?: never;
    };
    "/open-apis/contact/v3/departments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's department list: the departments below parent_department_id ("0", the default: the top of the BU), all of them with fetch_child */
        get: operations["lark.contact.department.list"];
        put?: never;
        /** Lark's department create: adds a department to the BU */
        post: operations["lark.contact.department.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/departments/parent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's parent departments: the departments above one, its parent first, up to the top of the BU */
        get: operations["lark.contact.department.parent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/departments/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's batch department get: the departments of the BU among up to 50 department ids, others left out */
        get: operations["lark.contact.department.batch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/departments/{department_id}/children": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's department children: the departments below one ("0": the top of the BU) */
        get: operations["lark.contact.department.children"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/open-apis/contact/v3/departments/{department_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lark's department get: one department */
        get: operations["lark.contact.department.get"];
        put?: never;
        post?: never;
        /** Lark's department delete: deletes a department */
        delete: operations["lark.contact.department.delete"];
        options?: never;
        head?: never;
        /** Lark's department patch: changes the fields given of a department */
        patch: operations["lark.contact.department.patch"];
        trace?: never;
    };
}
export interface webhooks {
    "contact.department.created_v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Department created
         * @description A department was added to the business unit
         *
         *     Sent to apps that subscribe to it and have opened the scope contact:department:readonly.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_contact_department_created_v3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.department.updated_v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Department changed
         * @description A department changed; the event carries it now and, as they were, the fields that changed
         *
         *     Sent to apps that subscribe to it and have opened the scope contact:department:readonly.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_contact_department_updated_v3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.department.deleted_v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Department deleted
         * @description A department was deleted from the business unit
         *
         *     Sent to apps that subscribe to it and have opened the scope contact:department:readonly.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_contact_department_deleted_v3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.user.created_v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Member added
         * @description A member was added to the business unit
         *
         *     Sent to apps that subscribe to it and have opened the scope contact:member:readonly.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_contact_user_created_v3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.user.updated_v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Member changed
         * @description A member or their duty status changed; the event carries them now and, as they were, the fields that changed
         *
         *     Sent to apps that subscribe to it and have opened the scope contact:member:readonly.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_contact_user_updated_v3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.user.deleted_v3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Member deleted
         * @description A member was deleted from the business unit
         *
         *     Sent to apps that subscribe to it and have opened the scope contact:member:readonly.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_contact_user_deleted_v3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "service_desk.work_order.created_v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Work order raised
         * @description A work order was raised for the business unit
         *
         *     Sent to apps that subscribe to it and have opened the scope service-desk:work-order:readonly.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_service_desk_work_order_created_v1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "service_desk.work_order.updated_v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Work order updated
         * @description A work order's state or content changed
         *
         *     Sent to apps that subscribe to it and have opened the scope service-desk:work-order:readonly.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_service_desk_work_order_updated_v1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "application.app.status_changed_v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * App enabled or disabled
         * @description This app was enabled or disabled
         *
         *     Sent to apps that subscribe to it; it needs no scope.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_application_app_status_changed_v1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "application.permission.changed_v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * App scopes changed
         * @description The scopes this app has opened changed
         *
         *     Sent to apps that subscribe to it; it needs no scope.
         *
         *     When the endpoint has an Encrypt Key the body is { "encrypt": "…" }, this JSON sealed with it (Lark's scheme, X-Lark-Signature beside it); the schema is the JSON inside.
         */
        post: operations["event_application_permission_changed_v1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        FieldError: {
            /** @description The failing field (a dotted path inside it) */
            field: string;
            /** @description A sentence naming the field, for the person */
            message: string;
        };
        Refusal: {
            /**
             * @description A refusal: `message` is a complete sentence in the caller's language, to be shown as it is
             * @constant
             */
            code: 201;
            /** @description The failing fields of a validation failure, details of some refusals (e.g. `{ from, to }`, `permission_violations`), else null */
            data: components["schemas"]["FieldError"][] | Record<string, never> | null;
            message: string;
        };
        Unavailable: {
            /** @constant */
            code: 503;
            data: null;
            message: string;
        };
        role: {
            /** Format: uuid */
            guid: string;
            bu_guid: string | null;
            created_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            name: string;
            code: string | null;
            type: 0 | 1 | 2;
            /** @enum {string} */
            category: "common" | "project";
            description: string | null;
            status: 0 | 1;
        } & {
            [key: string]: unknown;
        };
        company: {
            /** Format: uuid */
            guid: string;
            bu_guid: string | null;
            created_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            name: string;
            alias: string | null;
            credit_code: string;
            address: string | null;
            type: 0 | 1;
            status: 0 | 1;
            invoice_title: string | null;
            invoice_address: string | null;
            invoice_phone: string | null;
            taxpayer_type: 0 | 1;
            bank_accounts: {
                bank_name: string;
                account_name: string;
                account_number: string;
                default_receive: boolean;
                default_pay: boolean;
            }[];
        } & {
            [key: string]: unknown;
        };
        project: {
            /** Format: uuid */
            guid: string;
            bu_guid: string | null;
            created_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            name: string;
            code: string;
            area_code: string | null;
            address: string | null;
            longitude: number | null;
            latitude: number | null;
            opening_time: string | null;
            closing_time: string | null;
            opening_status: 0 | 1 | 2;
            cover_url: string | null;
            main_currency: string | null;
            secondary_currencies: string[];
            company_guids: string[];
            member_guids: string[];
        } & {
            [key: string]: unknown;
        };
        department: {
            /** Format: uuid */
            guid: string;
            bu_guid: string | null;
            created_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            name: string;
            parent_guid: string | null;
            code: string | null;
            leader_guid: string | null;
            description: string | null;
            sort: number;
        } & {
            [key: string]: unknown;
        };
        "department.node": {
            children: components["schemas"]["department.node"][];
        } & components["schemas"]["department"];
        position: {
            /** Format: uuid */
            guid: string;
            bu_guid: string | null;
            created_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            name: string;
            code: string | null;
            description: string | null;
            status: 0 | 1;
        } & {
            [key: string]: unknown;
        };
        member: {
            /** Format: uuid */
            guid: string;
            bu_guid: string | null;
            created_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            name: string;
            english_name: string | null;
            alias: string | null;
            job_number: string | null;
            department_guid: string | null;
            superior_guid: string | null;
            position_guid: string | null;
            account_type: 0 | 1 | 2;
            /** @enum {string} */
            area_code: "86" | "852" | "853" | "886";
            phone: string | null;
            email: string | null;
            duty_status: 0 | 1;
        } & {
            [key: string]: unknown;
        };
        "work-order": {
            /** Format: uuid */
            guid: string;
            bu_guid: string | null;
            created_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            title: string;
            description: string;
            category: 0 | 1 | 2 | 3 | 4;
            app_guid: string | null;
            installed_app_guid: string | null;
            attachments: string[];
            state: 0 | 1 | 2 | 3;
            number: string;
            rating: number | null;
            comment: string | null;
            provider_bu_guid: string | null;
        } & {
            [key: string]: unknown;
        };
        bu: {
            /** Format: uuid */
            guid: string;
            user_guid: string | null;
            created_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            name: string;
            alias: string | null;
            code: string | null;
            cover_url: string | null;
            abbreviation: string | null;
            portal_domain: string | null;
            custom_domain: string | null;
            description: string | null;
            status: 0 | 1;
        } & {
            [key: string]: unknown;
        };
        "event.envelope": {
            /** @constant */
            schema: "2.0";
            header: {
                /** @description The same on every retry */
                event_id: string;
                event_type: string;
                /** @description Microseconds since the epoch, as digits */
                create_time: string;
                /** @description The endpoint's Verification Token */
                token: string;
                app_id: string;
                /** @description The BU the event is about */
                tenant_key: string;
            };
            event: Record<string, never>;
        };
        "event.contact.department.created_v3": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "contact.department.created_v3";
            };
            event: {
                object: {
                    /** @description `od-…`: the department's open id */
                    open_department_id: string;
                    /**
                     * Format: uuid
                     * @description The department's guid
                     */
                    department_id: string;
                    name: string;
                    /** @description department_id_type; "0" for a department at the top of the BU */
                    parent_department_id: string;
                    /** @description user_id_type */
                    leader_user_id?: string;
                    /** @description The sort number, as text (Lark's type) */
                    order: string;
                    status: {
                        is_deleted: boolean;
                    };
                };
            };
        };
        "event.contact.department.updated_v3": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "contact.department.updated_v3";
            };
            event: {
                object: {
                    /** @description `od-…`: the department's open id */
                    open_department_id: string;
                    /**
                     * Format: uuid
                     * @description The department's guid
                     */
                    department_id: string;
                    name: string;
                    /** @description department_id_type; "0" for a department at the top of the BU */
                    parent_department_id: string;
                    /** @description user_id_type */
                    leader_user_id?: string;
                    /** @description The sort number, as text (Lark's type) */
                    order: string;
                    status: {
                        is_deleted: boolean;
                    };
                };
                /** @description The fields that changed, as they were, and the ids of the row */
                old_object: {
                    /** @description `od-…`: the department's open id */
                    open_department_id?: string;
                    /**
                     * Format: uuid
                     * @description The department's guid
                     */
                    department_id?: string;
                    name?: string;
                    /** @description department_id_type; "0" for a department at the top of the BU */
                    parent_department_id?: string;
                    /** @description user_id_type */
                    leader_user_id?: string;
                    /** @description The sort number, as text (Lark's type) */
                    order?: string;
                    status?: {
                        is_deleted: boolean;
                    };
                };
            };
        };
        "event.contact.department.deleted_v3": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "contact.department.deleted_v3";
            };
            event: {
                object: {
                    /** @description `od-…`: the department's open id */
                    open_department_id: string;
                    /**
                     * Format: uuid
                     * @description The department's guid
                     */
                    department_id: string;
                    name: string;
                    /** @description department_id_type; "0" for a department at the top of the BU */
                    parent_department_id: string;
                    /** @description user_id_type */
                    leader_user_id?: string;
                    /** @description The sort number, as text (Lark's type) */
                    order: string;
                    status: {
                        is_deleted: boolean;
                    };
                };
            };
        };
        "event.contact.user.created_v3": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "contact.user.created_v3";
            };
            event: {
                object: {
                    /** @description `ou_…`: the member's id for this app */
                    open_id: string;
                    /** @description `on_…`: the member's id for every app of this app's provider */
                    union_id: string;
                    /**
                     * Format: uuid
                     * @description The member's guid
                     */
                    user_id: string;
                    name: string;
                    en_name?: string;
                    nickname?: string;
                    email?: string;
                    /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                    mobile: string;
                    /** @description The member's one department (department_id_type); "0" when it has none */
                    department_ids: string[];
                    /** @description The member's superior (user_id_type) */
                    leader_user_id?: string;
                    employee_no?: string;
                    /** @description 1 regular, 3 outsourcing */
                    employee_type?: number;
                    status: {
                        is_resigned: boolean;
                    };
                };
            };
        };
        "event.contact.user.updated_v3": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "contact.user.updated_v3";
            };
            event: {
                object: {
                    /** @description `ou_…`: the member's id for this app */
                    open_id: string;
                    /** @description `on_…`: the member's id for every app of this app's provider */
                    union_id: string;
                    /**
                     * Format: uuid
                     * @description The member's guid
                     */
                    user_id: string;
                    name: string;
                    en_name?: string;
                    nickname?: string;
                    email?: string;
                    /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                    mobile: string;
                    /** @description The member's one department (department_id_type); "0" when it has none */
                    department_ids: string[];
                    /** @description The member's superior (user_id_type) */
                    leader_user_id?: string;
                    employee_no?: string;
                    /** @description 1 regular, 3 outsourcing */
                    employee_type?: number;
                    status: {
                        is_resigned: boolean;
                    };
                };
                /** @description The fields that changed, as they were, and the ids of the row */
                old_object: {
                    /** @description `ou_…`: the member's id for this app */
                    open_id?: string;
                    /** @description `on_…`: the member's id for every app of this app's provider */
                    union_id?: string;
                    /**
                     * Format: uuid
                     * @description The member's guid
                     */
                    user_id?: string;
                    name?: string;
                    en_name?: string;
                    nickname?: string;
                    email?: string;
                    /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                    mobile?: string;
                    /** @description The member's one department (department_id_type); "0" when it has none */
                    department_ids?: string[];
                    /** @description The member's superior (user_id_type) */
                    leader_user_id?: string;
                    employee_no?: string;
                    /** @description 1 regular, 3 outsourcing */
                    employee_type?: number;
                    status?: {
                        is_resigned: boolean;
                    };
                };
            };
        };
        "event.contact.user.deleted_v3": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "contact.user.deleted_v3";
            };
            event: {
                object: {
                    /** @description `ou_…`: the member's id for this app */
                    open_id: string;
                    /** @description `on_…`: the member's id for every app of this app's provider */
                    union_id: string;
                    /**
                     * Format: uuid
                     * @description The member's guid
                     */
                    user_id: string;
                    name: string;
                    en_name?: string;
                    nickname?: string;
                    email?: string;
                    /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                    mobile: string;
                    /** @description The member's one department (department_id_type); "0" when it has none */
                    department_ids: string[];
                    /** @description The member's superior (user_id_type) */
                    leader_user_id?: string;
                    employee_no?: string;
                    /** @description 1 regular, 3 outsourcing */
                    employee_type?: number;
                    status: {
                        is_resigned: boolean;
                    };
                };
            };
        };
        "event.service_desk.work_order.created_v1": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "service_desk.work_order.created_v1";
            };
            event: {
                object: {
                    title: string;
                    description: string;
                    category: 0 | 1 | 2 | 3 | 4;
                    app_guid: string | null;
                    installed_app_guid: string | null;
                    attachments: string[];
                    /** Format: uuid */
                    guid: string;
                    /** Format: uuid */
                    bu_guid: string;
                    created_by: string | null;
                    /** Format: date-time */
                    created_at: string;
                    /** Format: date-time */
                    updated_at: string;
                };
            };
        };
        "event.service_desk.work_order.updated_v1": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "service_desk.work_order.updated_v1";
            };
            event: {
                object: {
                    title: string;
                    description: string;
                    category: 0 | 1 | 2 | 3 | 4;
                    app_guid: string | null;
                    installed_app_guid: string | null;
                    attachments: string[];
                    /** Format: uuid */
                    guid: string;
                    /** Format: uuid */
                    bu_guid: string;
                    created_by: string | null;
                    /** Format: date-time */
                    created_at: string;
                    /** Format: date-time */
                    updated_at: string;
                };
                old_object: {
                    title: string;
                    description: string;
                    category: 0 | 1 | 2 | 3 | 4;
                    app_guid: string | null;
                    installed_app_guid: string | null;
                    attachments: string[];
                    /** Format: uuid */
                    guid: string;
                    /** Format: uuid */
                    bu_guid: string;
                    created_by: string | null;
                    /** Format: date-time */
                    created_at: string;
                    /** Format: date-time */
                    updated_at: string;
                };
            };
        };
        "event.application.app.status_changed_v1": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "application.app.status_changed_v1";
            };
            event: {
                app_id: string;
                /** @description 0 enabled, 1 disabled */
                status: number;
            };
        };
        "event.application.permission.changed_v1": components["schemas"]["event.envelope"] & {
            header: {
                /** @constant */
                event_type: "application.permission.changed_v1";
            };
            event: {
                app_id: string;
                /** @description the scopes the app has opened now */
                scopes: string[];
            };
        };
        LarkError: {
            /** @description Lark's error code (never 0) */
            code: number;
            msg: string;
            /** @description `log_id` (the request id), and `field_violations` or `permission_violations` where they apply */
            error?: {
                log_id?: string;
            };
        };
    };
    responses: {
        /** @description The database is briefly away (code 503): try again after Retry-After seconds */
        Unavailable: {
            headers: {
                /** @description Seconds until calls are taken again */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Unavailable"];
            };
        };
        /** @description No token, or one that is malformed, expired or revoked (code 201) */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Refusal"];
            };
        };
        /** @description The body is over the limit (code 201) */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Refusal"];
            };
        };
        /** @description A write or an upload while the embedded database's disk is nearly full: refused until an operator frees space; reads still work (code 201) */
        DiskLow: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Refusal"];
            };
        };
        /** @description Too many calls: past the limit for this caller and call (code 201) */
        TooMany: {
            headers: {
                /** @description Seconds until calls are taken again */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Refusal"];
            };
        };
        /** @description A request with the same Idempotency-Key is still running (retry later), or was carried out and its answer lost (read the data instead) (code 201) */
        IdempotencyInProgress: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Refusal"];
            };
        };
        /** @description The Idempotency-Key was used for a different request (code 201) */
        IdempotencyReused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Refusal"];
            };
        };
    };
    parameters: {
        /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    apiAuthAppAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    app_id: string;
                    app_secret: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            app_access_token: string;
                            /** @description Seconds the token has left */
                            expire: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
        };
    };
    apiAuthAppTicketResend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    app_id: string;
                    app_secret: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            /** @description The push carrying the ticket, in the event log */
                            event_id: string;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
        };
    };
    apiAuthTenantAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    app_access_token: string;
                    tenant_key: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            tenant_access_token: string;
                            /** @description Seconds the token has left */
                            expire: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
        };
    };
    "role.page": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    page?: number;
                    page_size?: number;
                    keyword?: string;
                    sort?: string;
                    name?: string;
                    type?: 0 | 1 | 2;
                    status?: 0 | 1;
                    /** @enum {string} */
                    category?: "common" | "project";
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            list: components["schemas"]["role"][];
                            count: number;
                            count_capped: boolean;
                            page: number;
                            page_size: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "role.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["role"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "company.page": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    page?: number;
                    page_size?: number;
                    keyword?: string;
                    sort?: string;
                    name?: string;
                    type?: 0 | 1;
                    status?: 0 | 1;
                    taxpayer_type?: 0 | 1;
                    /** Format: uuid */
                    bu_guid?: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            list: components["schemas"]["company"][];
                            count: number;
                            count_capped: boolean;
                            page: number;
                            page_size: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "project.page": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    page?: number;
                    page_size?: number;
                    keyword?: string;
                    sort?: string;
                    name?: string;
                    opening_status?: 0 | 1 | 2;
                    area_code?: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            list: components["schemas"]["project"][];
                            count: number;
                            count_capped: boolean;
                            page: number;
                            page_size: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "department.page": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    page?: number;
                    page_size?: number;
                    keyword?: string;
                    sort?: string;
                    name?: string;
                    parent_guid?: string | null;
                    /** Format: uuid */
                    bu_guid?: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            list: components["schemas"]["department"][];
                            count: number;
                            count_capped: boolean;
                            page: number;
                            page_size: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "department.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["department"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "department.tree": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    page?: number;
                    page_size?: number;
                    keyword?: string;
                    sort?: string;
                    name?: string;
                    parent_guid?: string | null;
                    /** Format: uuid */
                    bu_guid?: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["department.node"][];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "department.add": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    parent_guid?: string | null;
                    code?: string;
                    leader_guid?: string | null;
                    description?: string;
                    /** @default 0 */
                    sort?: number;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["department"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "department.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    parent_guid?: string | null;
                    code?: string;
                    leader_guid?: string | null;
                    description?: string;
                    /** @default 0 */
                    sort?: number;
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["department"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "department.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid?: string;
                    guids?: string[];
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            deleted: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "position.page": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    page?: number;
                    page_size?: number;
                    keyword?: string;
                    sort?: string;
                    name?: string;
                    status?: 0 | 1;
                    /** Format: uuid */
                    bu_guid?: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            list: components["schemas"]["position"][];
                            count: number;
                            count_capped: boolean;
                            page: number;
                            page_size: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "position.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["position"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "position.add": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    code?: string;
                    description?: string;
                    /** @default 0 */
                    status?: 0 | 1;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["position"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "position.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    code?: string;
                    description?: string;
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["position"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "position.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid?: string;
                    guids?: string[];
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            deleted: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "member.page": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    page?: number;
                    page_size?: number;
                    keyword?: string;
                    sort?: string;
                    name?: string;
                    /** Format: uuid */
                    bu_guid?: string;
                    department_guid?: string | null;
                    position_guid?: string | null;
                    account_type?: 0 | 1 | 2;
                    duty_status?: 0 | 1;
                    email?: string;
                    phone?: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            list: components["schemas"]["member"][];
                            count: number;
                            count_capped: boolean;
                            page: number;
                            page_size: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "member.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["member"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "member.add": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    english_name?: string;
                    alias?: string;
                    job_number?: string;
                    department_guid?: string | null;
                    superior_guid?: string | null;
                    position_guid?: string | null;
                    /** @default 0 */
                    account_type?: 0 | 1 | 2;
                    /**
                     * @default 86
                     * @enum {string}
                     */
                    area_code?: "86" | "852" | "853" | "886";
                    phone?: string;
                    email?: string;
                    /** @default 0 */
                    duty_status?: 0 | 1;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["member"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "member.update": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    english_name?: string;
                    alias?: string;
                    job_number?: string;
                    department_guid?: string | null;
                    superior_guid?: string | null;
                    position_guid?: string | null;
                    /** @default 0 */
                    account_type?: 0 | 1 | 2;
                    /**
                     * @default 86
                     * @enum {string}
                     */
                    area_code?: "86" | "852" | "853" | "886";
                    phone?: string;
                    email?: string;
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["member"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "member.delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid?: string;
                    guids?: string[];
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            deleted: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "work-order.add": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    description: string;
                    /** @default 4 */
                    category?: 0 | 1 | 2 | 3 | 4;
                    /** @default null */
                    app_guid?: string | null;
                    /** @default null */
                    installed_app_guid?: string | null;
                    /** @default [] */
                    attachments?: string[];
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["work-order"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "work-order.page": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    page?: number;
                    page_size?: number;
                    keyword?: string;
                    sort?: string;
                    state?: 0 | 1 | 2 | 3;
                    category?: 0 | 1 | 2 | 3 | 4;
                    /** Format: uuid */
                    bu_guid?: string;
                    app_guid?: string | null;
                    older_than?: number;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            list: components["schemas"]["work-order"][];
                            count: number;
                            count_capped: boolean;
                            page: number;
                            page_size: number;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "work-order.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["work-order"] & {
                            records: {
                                /** Format: uuid */
                                guid: string;
                                kind: number;
                                side: string;
                                author_name: string | null;
                                content: string | null;
                                attachments: string[] | null;
                                from_state: number | null;
                                to_state: number | null;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "app.info": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            /** Format: uuid */
                            guid: string;
                            app_id: string;
                            name: string;
                            code: string;
                            type: number;
                            icon: string | null;
                            description: string | null;
                            token_ttl: number;
                            status: number;
                            bu_guid: string | null;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "process.start": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    process_code: string;
                    title: string;
                    data?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            /** Format: uuid */
                            guid: string;
                            process_name: string;
                            title: string;
                            data: {
                                [key: string]: unknown;
                            } | null;
                            step: number;
                            step_name: string | null;
                            state: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: uuid */
                            process_guid: string;
                            subject_kind: string;
                            subject_guid: string | null;
                            app_guid: string | null;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "process.get": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    guid: string;
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            /** Format: uuid */
                            guid: string;
                            process_name: string;
                            title: string;
                            data: {
                                [key: string]: unknown;
                            } | null;
                            step: number;
                            step_name: string | null;
                            state: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            history: {
                                step_name: string | null;
                                action: string;
                                by_name: string | null;
                                remark: string | null;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "bu.info": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: components["schemas"]["bu"];
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "work-order.reply": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    work_order_guid: string;
                    content: string;
                    /** @default [] */
                    attachments?: string[];
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            /** Format: uuid */
                            work_order_guid: string;
                            records: {
                                /** Format: uuid */
                                guid: string;
                                kind: number;
                                side: string;
                                author_name: string | null;
                                content: string | null;
                                attachments: string[] | null;
                                from_state: number | null;
                                to_state: number | null;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "message.send": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    body: string;
                    all?: boolean;
                    /** Format: uuid */
                    department_guid?: string;
                    member_guids?: string[];
                };
            };
        };
        responses: {
            /** @description The envelope: code 200 with data as documented, or code 201 (a refusal) with a sentence in message */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 200;
                        data: {
                            /** @description Accounts it went to; null: everyone in the BU */
                            readers: number | null;
                        };
                        message: string;
                    } | components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["IdempotencyInProgress"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["IdempotencyReused"];
            429: components["responses"]["TooMany"];
            503: components["responses"]["Unavailable"];
            507: components["responses"]["DiskLow"];
        };
    };
    "lark.auth.tenant_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    app_id: string;
                    app_secret: string;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        tenant_access_token: string;
                        /** @description Seconds the token has left */
                        expire: number;
                    } | components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.auth.app_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    app_id: string;
                    app_secret: string;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        tenant_access_token: string;
                        /** @description Seconds the token has left */
                        expire: number;
                        app_access_token: string;
                    } | components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.auth.app_ticket_resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    app_id: string;
                    app_secret: string;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                    } | components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.auth.store_app_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    app_id: string;
                    app_secret: string;
                    app_ticket: string;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        app_access_token: string;
                        /** @description Seconds the token has left */
                        expire: number;
                    } | components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.auth.store_tenant_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    app_access_token: string;
                    tenant_key: string;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        tenant_access_token: string;
                        /** @description Seconds the token has left */
                        expire: number;
                    } | components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.authen.oidc_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Always `authorization_code`
                     * @constant
                     */
                    grant_type: "authorization_code";
                    /** @description The code the browser step returned to the app's redirect URL (5 minutes, one use) */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            /** @description The user access token: the person, on the open API and Lark's contact calls */
                            access_token: string;
                            /** @description A new refresh token (each is good for one use); always answered for a sign-in through the authorize step */
                            refresh_token?: string;
                            /** @constant */
                            token_type: "Bearer";
                            /** @description Seconds the access token lasts */
                            expires_in: number;
                            /** @description Seconds the refresh token lasts */
                            refresh_expires_in?: number;
                            /** @description The scopes granted, space-separated: OpenID ones and the platform scopes the person allowed */
                            scope: string;
                        };
                    } | components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.authen.oidc_refresh_access_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Always `refresh_token`
                     * @constant
                     */
                    grant_type: "refresh_token";
                    /** @description The refresh token last answered: each is good for one use */
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            /** @description The user access token: the person, on the open API and Lark's contact calls */
                            access_token: string;
                            /** @description A new refresh token (each is good for one use); always answered for a sign-in through the authorize step */
                            refresh_token?: string;
                            /** @constant */
                            token_type: "Bearer";
                            /** @description Seconds the access token lasts */
                            expires_in: number;
                            /** @description Seconds the refresh token lasts */
                            refresh_expires_in?: number;
                            /** @description The scopes granted, space-separated: OpenID ones and the platform scopes the person allowed */
                            scope: string;
                        };
                    } | components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.authen.user_info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            /** @description The person's name, else their username */
                            name: string;
                            /** @description `ou_…`: the person's account for this app */
                            open_id: string;
                            /** @description `on_…`: the person's account for every app of this app's provider */
                            union_id: string;
                            /** @description The person's account guid */
                            user_id: string;
                            /** @description The account's e-mail, when it has one */
                            email?: string;
                            /** @description A store app's buyer's key (the installation's tenant_key); absent for a BU's own app */
                            tenant_key?: string;
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.user.list": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
                /** @description The department whose members to list; "0" or none: every member of the BU */
                department_id?: string;
                page_size?: number;
                page_token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            has_more: boolean;
                            page_token?: string;
                            items: {
                                /** @description `ou_…`: the member's id for this app */
                                open_id: string;
                                /** @description `on_…`: the member's id for every app of this app's provider */
                                union_id: string;
                                /**
                                 * Format: uuid
                                 * @description The member's guid
                                 */
                                user_id: string;
                                name: string;
                                en_name?: string;
                                nickname?: string;
                                email?: string;
                                /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                                mobile: string;
                                /** @description The member's one department (department_id_type); "0" when it has none */
                                department_ids: string[];
                                /** @description The member's superior (user_id_type) */
                                leader_user_id?: string;
                                employee_no?: string;
                                /** @description 1 regular, 3 outsourcing */
                                employee_type?: number;
                                status: {
                                    is_resigned: boolean;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.user.create": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
            };
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    en_name?: string;
                    nickname?: string;
                    email?: string;
                    /** @description +86, +852, +853 or +886 and the number, or the number alone (+86) */
                    mobile?: string;
                    department_ids?: string[];
                    leader_user_id?: string;
                    employee_no?: string;
                    employee_type?: 1 | 3;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            user: {
                                /** @description `ou_…`: the member's id for this app */
                                open_id: string;
                                /** @description `on_…`: the member's id for every app of this app's provider */
                                union_id: string;
                                /**
                                 * Format: uuid
                                 * @description The member's guid
                                 */
                                user_id: string;
                                name: string;
                                en_name?: string;
                                nickname?: string;
                                email?: string;
                                /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                                mobile: string;
                                /** @description The member's one department (department_id_type); "0" when it has none */
                                department_ids: string[];
                                /** @description The member's superior (user_id_type) */
                                leader_user_id?: string;
                                employee_no?: string;
                                /** @description 1 regular, 3 outsourcing */
                                employee_type?: number;
                                status: {
                                    is_resigned: boolean;
                                };
                            };
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.user.find_by_department": {
        parameters: {
            query: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
                /** @description The department whose members to list; "0" or none: every member of the BU */
                department_id: string;
                page_size?: number;
                page_token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            has_more: boolean;
                            page_token?: string;
                            items: {
                                /** @description `ou_…`: the member's id for this app */
                                open_id: string;
                                /** @description `on_…`: the member's id for every app of this app's provider */
                                union_id: string;
                                /**
                                 * Format: uuid
                                 * @description The member's guid
                                 */
                                user_id: string;
                                name: string;
                                en_name?: string;
                                nickname?: string;
                                email?: string;
                                /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                                mobile: string;
                                /** @description The member's one department (department_id_type); "0" when it has none */
                                department_ids: string[];
                                /** @description The member's superior (user_id_type) */
                                leader_user_id?: string;
                                employee_no?: string;
                                /** @description 1 regular, 3 outsourcing */
                                employee_type?: number;
                                status: {
                                    is_resigned: boolean;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.user.batch": {
        parameters: {
            query: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
                /** @description Repeated, at most 50, of the id type asked; an id that is not the app's BU's is left out of the answer */
                user_ids: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            items: {
                                /** @description `ou_…`: the member's id for this app */
                                open_id: string;
                                /** @description `on_…`: the member's id for every app of this app's provider */
                                union_id: string;
                                /**
                                 * Format: uuid
                                 * @description The member's guid
                                 */
                                user_id: string;
                                name: string;
                                en_name?: string;
                                nickname?: string;
                                email?: string;
                                /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                                mobile: string;
                                /** @description The member's one department (department_id_type); "0" when it has none */
                                department_ids: string[];
                                /** @description The member's superior (user_id_type) */
                                leader_user_id?: string;
                                employee_no?: string;
                                /** @description 1 regular, 3 outsourcing */
                                employee_type?: number;
                                status: {
                                    is_resigned: boolean;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.user.batch_get_id": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
            };
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Matched case-insensitively */
                    emails?: string[];
                    /** @description +<area code><number> (+86, +852, +853, +886), or the number alone (+86) */
                    mobiles?: string[];
                    /** @description true: members off duty are found too */
                    include_resigned?: boolean;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            user_list: {
                                /** @description The member's id, of the user_id_type asked; absent when no member of the BU has it */
                                user_id?: string;
                                email?: string;
                                mobile?: string;
                                status?: {
                                    is_resigned: boolean;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.user.get": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
            };
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            user: {
                                /** @description `ou_…`: the member's id for this app */
                                open_id: string;
                                /** @description `on_…`: the member's id for every app of this app's provider */
                                union_id: string;
                                /**
                                 * Format: uuid
                                 * @description The member's guid
                                 */
                                user_id: string;
                                name: string;
                                en_name?: string;
                                nickname?: string;
                                email?: string;
                                /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                                mobile: string;
                                /** @description The member's one department (department_id_type); "0" when it has none */
                                department_ids: string[];
                                /** @description The member's superior (user_id_type) */
                                leader_user_id?: string;
                                employee_no?: string;
                                /** @description 1 regular, 3 outsourcing */
                                employee_type?: number;
                                status: {
                                    is_resigned: boolean;
                                };
                            };
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.user.delete": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
            };
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.user.patch": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
            };
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    en_name?: string;
                    nickname?: string;
                    email?: string;
                    /** @description +86, +852, +853 or +886 and the number, or the number alone (+86) */
                    mobile?: string;
                    department_ids?: string[];
                    leader_user_id?: string;
                    employee_no?: string;
                    employee_type?: 1 | 3;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            user: {
                                /** @description `ou_…`: the member's id for this app */
                                open_id: string;
                                /** @description `on_…`: the member's id for every app of this app's provider */
                                union_id: string;
                                /**
                                 * Format: uuid
                                 * @description The member's guid
                                 */
                                user_id: string;
                                name: string;
                                en_name?: string;
                                nickname?: string;
                                email?: string;
                                /** @description +<area code><number>; empty when the member has none (Lark types it as always there) */
                                mobile: string;
                                /** @description The member's one department (department_id_type); "0" when it has none */
                                department_ids: string[];
                                /** @description The member's superior (user_id_type) */
                                leader_user_id?: string;
                                employee_no?: string;
                                /** @description 1 regular, 3 outsourcing */
                                employee_type?: number;
                                status: {
                                    is_resigned: boolean;
                                };
                            };
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.department.list": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
                page_size?: number;
                page_token?: string;
                /** @description "0" (the default): the top of the BU */
                parent_department_id?: string;
                /** @description true: every department below, not only the direct children */
                fetch_child?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            has_more: boolean;
                            page_token?: string;
                            items: {
                                /** @description `od-…`: the department's open id */
                                open_department_id: string;
                                /**
                                 * Format: uuid
                                 * @description The department's guid
                                 */
                                department_id: string;
                                name: string;
                                /** @description department_id_type; "0" for a department at the top of the BU */
                                parent_department_id: string;
                                /** @description user_id_type */
                                leader_user_id?: string;
                                /** @description The sort number, as text (Lark's type) */
                                order: string;
                                status: {
                                    is_deleted: boolean;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.department.create": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
            };
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description "0" for the top of the BU */
                    parent_department_id: string;
                    leader_user_id?: string;
                    /** @description The sort number */
                    order?: string | number;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            department: {
                                /** @description `od-…`: the department's open id */
                                open_department_id: string;
                                /**
                                 * Format: uuid
                                 * @description The department's guid
                                 */
                                department_id: string;
                                name: string;
                                /** @description department_id_type; "0" for a department at the top of the BU */
                                parent_department_id: string;
                                /** @description user_id_type */
                                leader_user_id?: string;
                                /** @description The sort number, as text (Lark's type) */
                                order: string;
                                status: {
                                    is_deleted: boolean;
                                };
                            };
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.department.parent": {
        parameters: {
            query: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
                page_size?: number;
                page_token?: string;
                department_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            has_more: boolean;
                            page_token?: string;
                            items: {
                                /** @description `od-…`: the department's open id */
                                open_department_id: string;
                                /**
                                 * Format: uuid
                                 * @description The department's guid
                                 */
                                department_id: string;
                                name: string;
                                /** @description department_id_type; "0" for a department at the top of the BU */
                                parent_department_id: string;
                                /** @description user_id_type */
                                leader_user_id?: string;
                                /** @description The sort number, as text (Lark's type) */
                                order: string;
                                status: {
                                    is_deleted: boolean;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.department.batch": {
        parameters: {
            query: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
                /** @description Repeated, at most 50, of the id type asked; an id that is not the app's BU's is left out of the answer */
                department_ids: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            items: {
                                /** @description `od-…`: the department's open id */
                                open_department_id: string;
                                /**
                                 * Format: uuid
                                 * @description The department's guid
                                 */
                                department_id: string;
                                name: string;
                                /** @description department_id_type; "0" for a department at the top of the BU */
                                parent_department_id: string;
                                /** @description user_id_type */
                                leader_user_id?: string;
                                /** @description The sort number, as text (Lark's type) */
                                order: string;
                                status: {
                                    is_deleted: boolean;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.department.children": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
                /** @description true: every department below, not only the direct children */
                fetch_child?: "true" | "false";
                page_size?: number;
                page_token?: string;
            };
            header?: never;
            path: {
                department_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            has_more: boolean;
                            page_token?: string;
                            items: {
                                /** @description `od-…`: the department's open id */
                                open_department_id: string;
                                /**
                                 * Format: uuid
                                 * @description The department's guid
                                 */
                                department_id: string;
                                name: string;
                                /** @description department_id_type; "0" for a department at the top of the BU */
                                parent_department_id: string;
                                /** @description user_id_type */
                                leader_user_id?: string;
                                /** @description The sort number, as text (Lark's type) */
                                order: string;
                                status: {
                                    is_deleted: boolean;
                                };
                            }[];
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.department.get": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
            };
            header?: never;
            path: {
                department_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            department: {
                                /** @description `od-…`: the department's open id */
                                open_department_id: string;
                                /**
                                 * Format: uuid
                                 * @description The department's guid
                                 */
                                department_id: string;
                                name: string;
                                /** @description department_id_type; "0" for a department at the top of the BU */
                                parent_department_id: string;
                                /** @description user_id_type */
                                leader_user_id?: string;
                                /** @description The sort number, as text (Lark's type) */
                                order: string;
                                status: {
                                    is_deleted: boolean;
                                };
                            };
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.department.delete": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
            };
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                department_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    "lark.contact.department.patch": {
        parameters: {
            query?: {
                /** @description open_id (the default), union_id or user_id (the guid) */
                user_id_type?: "open_id" | "union_id" | "user_id";
                /** @description open_department_id (the default) or department_id (the guid) */
                department_id_type?: "open_department_id" | "department_id";
            };
            header?: {
                /** @description A key of your choosing (a UUID) that makes a write safe to retry: the same key and request within 24 hours answers the first result without running it again (docs/api.md) */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                department_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description "0" for the top of the BU */
                    parent_department_id?: string;
                    leader_user_id?: string;
                    /** @description The sort number */
                    order?: string | number;
                };
            };
        };
        responses: {
            /** @description Lark's answer: code 0 with data as documented, or a refusal in Lark's shape (the token calls refuse with HTTP 200, as Lark does) */
            200: {
                headers: {
                    /** @description "true" when this is the stored first answer of the same Idempotency-Key, not a new run */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 0;
                        msg: string;
                        data: {
                            department: {
                                /** @description `od-…`: the department's open id */
                                open_department_id: string;
                                /**
                                 * Format: uuid
                                 * @description The department's guid
                                 */
                                department_id: string;
                                name: string;
                                /** @description department_id_type; "0" for a department at the top of the BU */
                                parent_department_id: string;
                                /** @description user_id_type */
                                leader_user_id?: string;
                                /** @description The sort number, as text (Lark's type) */
                                order: string;
                                status: {
                                    is_deleted: boolean;
                                };
                            };
                        };
                    };
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
            /** @description A refusal in Lark's shape: its code, msg and error (docs/lark.md) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LarkError"];
                };
            };
        };
    };
    event_contact_department_created_v3: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.contact.department.created_v3"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_contact_department_updated_v3: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.contact.department.updated_v3"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_contact_department_deleted_v3: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.contact.department.deleted_v3"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_contact_user_created_v3: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.contact.user.created_v3"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_contact_user_updated_v3: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.contact.user.updated_v3"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_contact_user_deleted_v3: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.contact.user.deleted_v3"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_service_desk_work_order_created_v1: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.service_desk.work_order.created_v1"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_service_desk_work_order_updated_v1: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.service_desk.work_order.updated_v1"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_application_app_status_changed_v1: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.application.app.status_changed_v1"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_application_permission_changed_v1: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, t.body)>, one v1 per secret while the secret is rolled
                 * @example t=1700000000,v1=5257a869…
                 */
                "X-Open-Signature": string;
                /** @description Standard Webhooks: the message id, the event's event_id */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: unix seconds
                 * @example 1700000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: v1,<base64 HMAC-SHA256(key, id.timestamp.body)>, the key being the endpoint's webhook_secret
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /** @description The event's event_id */
                "X-Open-Event-Id": string;
                /**
                 * @description Which attempt this is: 1, 2, …
                 * @example 1
                 */
                "X-Open-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["event.application.permission.changed_v1"];
            };
        };
        responses: {
            /** @description Acknowledged (any 2xx): the event is delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged (any other status, or no answer in time): the push is retried on the schedule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
