<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="sj_terrain" tilewidth="74" tileheight="64" tilecount="4" columns="4">
 <image source="sj_terrain.png" width="296" height="64"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="sea"/>
   <property name="water" type="bool" value="true"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="hill"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="mountain"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
