/* Weenie - ProjectileSpell - Force Bolt (7278): a PortalKit sample in ACE's SQL file shape,
   naming the demo DAT's ids */
DELETE FROM `weenie` WHERE `class_Id` = 7278;

INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`, `last_Modified`)
VALUES (7278, 'forcebolt', 33, '2026-12-06 00:00:00') /* ProjectileSpell */;

INSERT INTO `weenie_properties_int` (`object_Id`, `type`, `value`)
VALUES (7278,   1,        0) /* ItemType */
     , (7278,  93,     148) /* PhysicsState */;

INSERT INTO `weenie_properties_bool` (`object_Id`, `type`, `value`)
VALUES (7278,  11, True ) /* IgnoreCollisions */;

INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)
VALUES (7278,   1, 'Force Bolt') /* Name */;

INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)
VALUES (7278,   1,   33556605) /* Setup */
     , (7278,   3,  536870913) /* SoundTable */;
